// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PetSpotDomain
import PetSpotServer
import PetSpotTestSupport
import Testing

@Suite("POST /api/v1/announcements/{id}/photos adds a report's photo")
struct PhotoUploadTests {
    struct Part {
        var name: String
        var fileName: String?
        var contentType: String?
        var bytes: [UInt8]
    }

    static let boundary = "----PetSpotTestBoundary7MA4YWxk"

    /// A `multipart/form-data` body written out by hand, as a browser would.
    static func multipart(_ parts: [Part], boundary: String = boundary) -> Data {
        var body = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let fileName = part.fileName { head += "; filename=\"\(fileName)\"" }
            head += "\r\n"
            if let type = part.contentType { head += "Content-Type: \(type)\r\n" }
            body.append(Data((head + "\r\n").utf8))
            body.append(contentsOf: part.bytes)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    static func photo(_ bytes: [UInt8], type: String = "image/png", fileName: String = "luna.png") -> Data {
        multipart([Part(name: "photo", fileName: fileName, contentType: type, bytes: bytes)])
    }

    static func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    static let multipartType = "multipart/form-data; boundary=\(boundary)"

    func upload(
        _ fixture: ServerFixture, id: String, body: Data, authorization: String?,
        contentType: String? = PhotoUploadTests.multipartType
    ) async throws -> HTTPResult {
        try await fixture.send(
            "/api/v1/announcements/\(id)/photos", body: body, contentType: contentType,
            headers: authorization.map { [("Authorization", $0)] } ?? [])
    }

    @Test(
        "the right password adds the photo: 201 {}, photoUrl set, updatedAt moved, the bytes served",
        arguments: StorageEngineUnderTest.all)
    func uploaded(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (created, id, password) = try await fixture.createReport()
            _ = try await fixture.get("/api/v1/announcements")  // cache the list body
            let response = try await upload(
                fixture, id: id, body: Self.photo(TestImages.png), authorization: Self.basic("anyone", password))
            #expect(response.status == 201, "\(response.text)")
            #expect(try response.jsonObject().isEmpty)

            let stored = try await fixture.get("/api/v1/announcements/\(id)").decode(WireAnnouncement.self)
            let photoURL = try #require(stored.photoUrl)
            #expect(photoURL.hasPrefix("/images/") && photoURL.hasSuffix(".png"))
            #expect(stored.updatedAt != created["updatedAt"] as? String)
            #expect(stored.updatedAt > (created["updatedAt"] as? String ?? ""))
            let listed = try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self).data
            #expect(listed.first?.photoUrl == photoURL, "the cached list shows the photo at once")

            let image = try await fixture.get(photoURL)
            #expect(image.status == 200)
            #expect(image.contentType == "image/png")
            #expect(Array(image.body) == TestImages.png)

            // A second photo replaces the first, whose file goes.
            let again = try await upload(
                fixture, id: id, body: Self.photo(TestImages.jpeg, type: "image/jpeg", fileName: "x.jpg"),
                authorization: Self.basic("petspot", password))
            #expect(again.status == 201)
            let replaced = try await fixture.get("/api/v1/announcements/\(id)").decode(WireAnnouncement.self)
            #expect(replaced.photoUrl?.hasSuffix(".jpg") == true)
            #expect(replaced.updatedAt > stored.updatedAt)
            #expect(try await fixture.get(photoURL).status == 404)
            let leftovers = try await fixture.storedPhotoNames()
            #expect(leftovers.count == 1, "\(leftovers)")
        }
    }

    @Test("no usable credentials is a 401 with a Basic challenge", arguments: StorageEngineUnderTest.all)
    func missingCredentials(engine: StorageEngineUnderTest) async throws {
        let headers: [String?] = [
            nil, "Basic", "Basic !!!not-base64", "Bearer 123456", "Basic " + Data("nocolon".utf8).base64EncodedString(),
            Self.basic("", "123456"), Self.basic("petspot", ""),
        ]
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, _) = try await fixture.createReport()
            for authorization in headers {
                let response = try await upload(
                    fixture, id: id, body: Self.photo(TestImages.png), authorization: authorization)
                #expect(response.status == 401, "\(authorization ?? "none")")
                #expect(response.headers["www-authenticate"].first == #"Basic realm="PetSpot""#)
                #expect(response.errorBody?.code == "UNAUTHORIZED")
            }
            #expect(try await fixture.get("/api/v1/announcements/\(id)").decode(WireAnnouncement.self).photoUrl == nil)
        }
    }

    @Test(
        "a wrong password is a 401, and so is any password for a seeded report", arguments: StorageEngineUnderTest.all)
    func wrongPassword(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "seeded")]) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let wrong = password == "000000" ? "000001" : "000000"
            for (target, guess) in [(id, wrong), (id, password + "0"), ("seeded", password), ("seeded", "000000")] {
                let response = try await upload(
                    fixture, id: target, body: Self.photo(TestImages.png), authorization: Self.basic("petspot", guess))
                #expect(response.status == 401, "\(target)")
                #expect(response.headers["www-authenticate"].first == #"Basic realm="PetSpot""#)
            }
            #expect(try await fixture.storedPhotoNames().isEmpty)
        }
    }

    @Test(
        "after ten wrong passwords a report takes no more guesses, not even the right one; others still do",
        arguments: StorageEngineUnderTest.all)
    func guessesAreLimited(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let (_, other, otherPassword) = try await fixture.createReport(.valid.without("microchipNumber"))
            let wrong = password == "000000" ? "000001" : "000000"
            for _ in 0..<10 {
                let response = try await upload(
                    fixture, id: id, body: Self.photo(TestImages.png), authorization: Self.basic("petspot", wrong))
                #expect(response.status == 401)
            }
            let blocked = try await upload(
                fixture, id: id, body: Self.photo(TestImages.png), authorization: Self.basic("petspot", password))
            #expect(blocked.status == 429)
            #expect(blocked.errorBody?.code == "TOO_MANY_ATTEMPTS")
            let fine = try await upload(
                fixture, id: other, body: Self.photo(TestImages.png),
                authorization: Self.basic("petspot", otherPassword))
            #expect(fine.status == 201)
        }
    }

    @Test("an unknown report is a 404", arguments: StorageEngineUnderTest.all)
    func unknownReport(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let response = try await upload(
                fixture, id: "no-such-report", body: Self.photo(TestImages.png),
                authorization: Self.basic("petspot", "123456"))
            #expect(response.status == 404)
            #expect(response.errorBody?.code == "NOT_FOUND")
        }
    }

    struct BadUpload: Sendable, CustomTestStringConvertible {
        let name: String
        let body: Data
        let contentType: String?
        let code: String
        var testDescription: String { "\(name) → \(code)" }
    }

    // Built when asked, not kept in a static: LeakSanitizer cannot follow
    // Data's storage through a global's enum payload and reports it at exit.
    static var badUploads: [BadUpload] {
        [
            BadUpload(
                name: "no file part",
                body: multipart([Part(name: "caption", fileName: nil, contentType: nil, bytes: Array("hi".utf8))]),
                contentType: multipartType, code: "MISSING_FILE"),
            BadUpload(
                name: "a file under another name",
                body: multipart([
                    Part(name: "image", fileName: "a.png", contentType: "image/png", bytes: TestImages.png)
                ]),
                contentType: multipartType, code: "MISSING_FILE"),
            BadUpload(name: "an empty file", body: photo([]), contentType: multipartType, code: "MISSING_FILE"),
            BadUpload(
                name: "no parts at all", body: Data("--\(boundary)--\r\n".utf8), contentType: multipartType,
                code: "INVALID_BODY"),
            BadUpload(
                name: "a text file", body: photo(Array("just some text, not a picture".utf8), type: "image/png"),
                contentType: multipartType, code: "NOT_AN_IMAGE"),
            BadUpload(
                name: "not multipart", body: photo(TestImages.png), contentType: "application/json",
                code: "INVALID_BODY"),
            BadUpload(
                name: "no boundary", body: photo(TestImages.png), contentType: "multipart/form-data",
                code: "INVALID_BODY"),
            BadUpload(name: "no content type", body: photo(TestImages.png), contentType: nil, code: "INVALID_BODY"),
            BadUpload(
                name: "cut off inside the photo", body: photo(TestImages.jpeg).prefix(160), contentType: multipartType,
                code: "INVALID_BODY"),
            BadUpload(
                name: "cut off inside the first part's headers (no file began)",
                body: photo(TestImages.jpeg).prefix(60),
                contentType: multipartType, code: "MISSING_FILE"),
            BadUpload(
                name: "no closing boundary",
                body: photo(TestImages.jpeg).dropLast("--\(boundary)--\r\n".utf8.count), contentType: multipartType,
                code: "INVALID_BODY"),
        ]
    }

    @Test("a body without a usable photo is a 400", arguments: StorageEngineUnderTest.all)
    func badUpload(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, password) = try await fixture.createReport()
            for bad in Self.badUploads {
                let response = try await upload(
                    fixture, id: id, body: bad.body, authorization: Self.basic("petspot", password),
                    contentType: bad.contentType)
                #expect(response.status == 400, "\(bad.testDescription): \(response.text)")
                #expect(response.errorBody?.code == bad.code, "\(bad.testDescription): \(response.text)")
            }
            #expect(try await fixture.get("/api/v1/announcements/\(id)").decode(WireAnnouncement.self).photoUrl == nil)
            #expect(try await fixture.storedPhotoNames().isEmpty)
        }
    }

    // Built when asked (see `badUploads`).
    static var undecodableUploads: [BadUpload] {
        // Random-looking bytes, with the GIF trailer at the end.
        let garbage = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 17) } + [0x3B]
        let jpegType = "image/jpeg"
        return [
            BadUpload(
                name: "GIF89a followed by garbage (declaring 64 × 48)",
                body: photo(Array("GIF89a".utf8) + [64, 0, 48, 0] + garbage, type: "image/gif"),
                contentType: multipartType, code: "NOT_AN_IMAGE"),
            BadUpload(
                name: "an 80-byte PNG declaring 65535 × 65535",
                body: photo(TestPNG.lyingHeader(width: 65_535, height: 65_535, filler: 23)),
                contentType: multipartType, code: "PHOTO_TOO_LARGE"),
            BadUpload(
                name: "a 48-megapixel photo (8000 × 6000)",
                body: photo(TestPNG.lyingHeader(width: 8_000, height: 6_000, filler: 64)),
                contentType: multipartType, code: "PHOTO_TOO_LARGE"),
            BadUpload(
                name: "a side over 65535", body: photo(TestPNG.lyingHeader(width: 70_000, height: 1, filler: 8)),
                contentType: multipartType, code: "PHOTO_TOO_LARGE"),
            BadUpload(
                name: "a JPEG cut short", body: photo(Array(TestImages.jpeg.dropLast(120)), type: jpegType),
                contentType: multipartType, code: "NOT_AN_IMAGE"),
            BadUpload(
                name: "a 1 × 1 GIF whose second frame is 65535 × 65535",
                body: photo(
                    TestGIF.make(width: 1, height: 1, frames: [(0, 0, 1, 1), (0, 0, 65_535, 65_535)]),
                    type: "image/gif"),
                contentType: multipartType, code: "PHOTO_TOO_LARGE"),
        ]
    }

    @Test(
        "a photo no client could show (does not decode, or too many pixels) is a 400 and stores nothing",
        arguments: StorageEngineUnderTest.all)
    func undecodableUpload(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, password) = try await fixture.createReport()
            for bad in Self.undecodableUploads {
                let response = try await upload(
                    fixture, id: id, body: bad.body, authorization: Self.basic("petspot", password),
                    contentType: bad.contentType)
                #expect(response.status == 400, "\(bad.testDescription): \(response.text)")
                #expect(response.errorBody?.code == bad.code, "\(bad.testDescription): \(response.text)")
                #expect(response.errorBody?.field == "photo", "\(bad.testDescription)")
            }
            #expect(try await fixture.get("/api/v1/announcements/\(id)").decode(WireAnnouncement.self).photoUrl == nil)
            #expect(try await fixture.storedPhotoNames().isEmpty)

            // Real images are still taken.
            for (bytes, type) in [(TestImages.jpeg, "image/jpeg"), (TestImages.png, "image/png")] {
                let response = try await upload(
                    fixture, id: id, body: Self.photo(bytes, type: type), authorization: Self.basic("petspot", password)
                )
                #expect(response.status == 201, "\(type): \(response.text)")
            }
        }
    }

    /// Past 20 MiB and the room for part headers, the body's length alone
    /// refuses it. A photo of exactly 20 MiB + 1 byte is refused as its part
    /// streams in: checked with a lower limit below, since a debug build takes
    /// its multipart parser through 20 MiB in tens of seconds.
    @Test(
        "an upload over the body's cap is refused with 413 before it is read, and the server carries on",
        arguments: StorageEngineUnderTest.all)
    func oversized(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let limit = ReportPhoto.maximumBytes + 64 * 1024
            let tooLarge = TestImages.jpeg + [UInt8](repeating: 0x42, count: limit + 1 - TestImages.jpeg.count)
            let response = try await upload(
                fixture, id: id, body: Self.photo(tooLarge, type: "image/jpeg"),
                authorization: Self.basic("petspot", password))
            #expect(response.status == 413)
            #expect(response.errorBody?.code == "PAYLOAD_TOO_LARGE")
            #expect(response.errorBody?.field == "photo")
            #expect(try await fixture.get("/api/health").status == 200)
            #expect(try await fixture.get("/api/v1/announcements/\(id)").decode(WireAnnouncement.self).photoUrl == nil)
        }
    }

    /// The limit lowered to 16 KiB: a debug build parses multipart at about a
    /// MiB a second, and the streaming and the limit are the same at any size.
    @Test(
        "a photo at the limit is taken; one byte more is refused as it streams in, with no length given",
        arguments: StorageEngineUnderTest.all)
    func limitWhileStreaming(engine: StorageEngineUnderTest) async throws {
        let limit = 16 * 1024
        try await ServerFixture.with(
            engine: engine, configure: { configuration, _ in configuration.maximumPhotoBytes = limit }
        ) {
            fixture in
            let (_, id, password) = try await fixture.createReport()
            func streamed(_ body: Data) async throws -> HTTPResult {
                try await HTTPResult.fetch(fixture.server.baseURL.absoluteString + "/api/v1/announcements/\(id)/photos")
                {
                    request in
                    request.method = .POST
                    request.headers.add(name: "Content-Type", value: Self.multipartType)
                    request.headers.add(name: "Authorization", value: Self.basic("petspot", password))
                    let chunks = stride(from: 0, to: body.count, by: 8192).map { start in
                        ByteBuffer(bytes: body[start..<min(start + 8192, body.count)])
                    }
                    request.body = .stream(
                        AsyncStream { continuation in
                            for chunk in chunks { continuation.yield(chunk) }
                            continuation.finish()
                        }, length: .unknown)
                }
            }
            // Every byte value, CR and "-" included, as often as in any binary file.
            let largest = TestImages.jpeg(paddedTo: limit) { UInt8(truncatingIfNeeded: $0 &* 7) }
            let taken = try await streamed(Self.photo(largest, type: "image/jpeg"))
            #expect(taken.status == 201, "\(taken.text)")

            let refused = try await streamed(Self.photo(largest + [0x0A], type: "image/jpeg"))
            #expect(refused.status == 413)
            #expect(refused.errorBody?.field == "photo")
            let declared = try await upload(
                fixture, id: id, body: Self.photo(largest + [0x0A], type: "image/jpeg"),
                authorization: Self.basic("petspot", password))
            #expect(declared.status == 413)

            let stored = try await fixture.get("/api/v1/announcements/\(id)").decode(WireAnnouncement.self)
            let image = try await fixture.get(try #require(stored.photoUrl))
            #expect(Array(image.body) == largest, "the refused uploads changed nothing")
            #expect(try await fixture.get("/api/health").status == 200)
        }
    }
}
