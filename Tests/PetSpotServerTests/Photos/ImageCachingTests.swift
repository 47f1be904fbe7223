// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("GET /images/{file}: validators, caching and ranges")
struct ImageCachingTests {
    func get(_ fixture: ServerFixture, _ path: String, _ headers: [(String, String)] = []) async throws -> HTTPResult {
        try await HTTPResult.fetch(fixture.server.baseURL.absoluteString + path) { request in
            for (name, value) in headers { request.headers.add(name: name, value: value) }
        }
    }

    /// The `/images/…` path of a photo uploaded to a new report.
    func uploadedPhoto(_ fixture: ServerFixture, _ bytes: [UInt8] = TestImages.png) async throws -> String {
        let (_, id, password) = try await fixture.createReport()
        let response = try await fixture.send(
            "/api/v1/announcements/\(id)/photos", body: PhotoUploadTests.photo(bytes),
            contentType: PhotoUploadTests.multipartType,
            headers: [("Authorization", PhotoUploadTests.basic("petspot", password))])
        #expect(response.status == 201, "\(response.text)")
        return try #require(try await fixture.get("/api/v1/announcements/\(id)").decode(WireAnnouncement.self).photoUrl)
    }

    @Test(
        "an upload is immutable: a strong ETag, kept for a year, and If-None-Match answers 304 without the bytes",
        arguments: StorageEngineUnderTest.all)
    func uploadedPhotoIsImmutable(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let path = try await uploadedPhoto(fixture)
            let first = try await get(fixture, path)
            #expect(first.status == 200)
            #expect(Array(first.body) == TestImages.png)
            let eTag = try #require(first.headers["etag"].first)
            #expect(eTag.hasPrefix("\"") && eTag.hasSuffix("\""), "strong, not W/: \(eTag)")
            #expect(first.headers["cache-control"].first == "public, max-age=31536000, immutable")
            #expect(first.headers["accept-ranges"].first == "bytes")

            let again = try await get(fixture, path, [("If-None-Match", "\"other\", \(eTag)")])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.headers["etag"].first == eTag)
            #expect(try await get(fixture, path, [("If-None-Match", "W/\(eTag)")]).status == 304, "weak comparison")
            #expect(try await get(fixture, path, [("If-None-Match", "\"other\"")]).status == 200)
        }
    }

    @Test(
        "a name that can get new bytes (a seeded photo) is revalidated, and its ETag follows its bytes",
        arguments: StorageEngineUnderTest.all)
    func seededPhotoIsRevalidated(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            try await fixture.withDatabase {
                try await $0.storePhoto(ByteBuffer(bytes: TestImages.png), named: "luna.png")
            }
            let first = try await get(fixture, "/images/luna.png")
            #expect(first.headers["cache-control"].first == "no-cache")
            let eTag = try #require(first.headers["etag"].first)
            #expect(try await get(fixture, "/images/luna.png", [("If-None-Match", eTag)]).status == 304)

            // Seeded again with other bytes.
            try await fixture.withDatabase {
                try await $0.storePhoto(ByteBuffer(bytes: TestPNG.image(width: 5, height: 5)), named: "luna.png")
            }
            let changed = try await get(fixture, "/images/luna.png", [("If-None-Match", eTag)])
            #expect(changed.status == 200)
            #expect(Array(changed.body) == TestPNG.image(width: 5, height: 5))
            #expect(changed.headers["etag"].first != eTag)
        }
    }

    @Test(
        "one range of bytes is a 206 with its Content-Range; a range past the end is a 416",
        arguments: StorageEngineUnderTest.all)
    func ranges(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let path = try await uploadedPhoto(fixture, TestImages.jpeg)
            let size = TestImages.jpeg.count
            let eTag = try #require(try await get(fixture, path).headers["etag"].first)
            for (header, expected) in [
                ("bytes=0-3", 0...3), ("bytes=10-", 10...(size - 1)), ("bytes=-4", (size - 4)...(size - 1)),
                ("bytes=5-999999", 5...(size - 1)), ("bytes=-999999", 0...(size - 1)),
            ] {
                let part = try await get(fixture, path, [("Range", header)])
                #expect(part.status == 206, "\(header)")
                #expect(
                    part.headers["content-range"].first == "bytes \(expected.lowerBound)-\(expected.upperBound)/\(size)"
                )
                #expect(Array(part.body) == Array(TestImages.jpeg[expected]), "\(header)")
            }
            for header in ["bytes=\(size)-", "bytes=\(size + 10)-\(size + 20)", "bytes=-0"] {
                let refused = try await get(fixture, path, [("Range", header)])
                #expect(refused.status == 416, "\(header)")
                #expect(refused.headers["content-range"].first == "bytes */\(size)", "\(header)")
            }
            // The whole photo: several ranges, a broken header, a stale If-Range.
            for headers in [
                [("Range", "bytes=0-1,4-5")], [("Range", "bytes=5-2")], [("Range", "lines=1-2")],
                [("Range", "bytes=0-3"), ("If-Range", "\"stale\"")],
            ] {
                let whole = try await get(fixture, path, headers)
                #expect(whole.status == 200, "\(headers)")
                #expect(Array(whole.body) == TestImages.jpeg, "\(headers)")
            }
            let current = try await get(fixture, path, [("Range", "bytes=0-3"), ("If-Range", eTag)])
            #expect(current.status == 206)
        }
    }
}
