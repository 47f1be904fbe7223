// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("GET /images/{file}")
struct ImageEndpointTests {
    /// The first bytes of a PNG are enough for a content check.
    static let pngBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])

    private func withPhotos(_ body: (ServerFixture) async throws -> Void) async throws {
        try await ServerFixture.with { fixture in
            let images = fixture.imagesDirectory
            try Self.pngBytes.write(to: images.appendingPathComponent("cat.png"))
            try Data("webp".utf8).write(to: images.appendingPathComponent("bird.webp"))
            try Data("jpeg".utf8).write(to: images.appendingPathComponent("dog.JPG"))
            try Data("gif".utf8).write(to: images.appendingPathComponent("hamster.gif"))
            try Data("hidden".utf8).write(to: images.appendingPathComponent(".secret.png"))
            try Data("notes".utf8).write(to: images.appendingPathComponent("notes.txt"))
            // Something worth stealing one level up, next to the database.
            try Data("secret".utf8).write(to: fixture.directory.appendingPathComponent("outside.png"))
            try await body(fixture)
        }
    }

    @Test("serves a PNG with image/png and its exact bytes")
    func png() async throws {
        try await withPhotos { fixture in
            let response = try await fixture.get("/images/cat.png")
            #expect(response.status == 200)
            #expect(response.contentType == "image/png")
            #expect(response.body == Self.pngBytes)
        }
    }

    @Test(
        "content type follows the extension",
        arguments: [
            ("bird.webp", "image/webp"), ("dog.JPG", "image/jpeg"), ("hamster.gif", "image/gif"),
        ])
    func contentTypes(_ file: String, _ contentType: String) async throws {
        try await withPhotos { fixture in
            let response = try await fixture.get("/images/\(file)")
            #expect(response.status == 200)
            #expect(response.contentType == contentType)
        }
    }

    @Test(
        "path traversal, hidden files and non-images are a 404 envelope",
        arguments: [
            "/images/..%2Foutside.png",
            "/images/%2E%2E%2Foutside.png",
            "/images/..%2F..%2Fetc%2Fpasswd",
            "/images/..",
            "/images/%2e%2e",
            "/images/..%5Coutside.png",
            "/images/.secret.png",
            "/images/%2Esecret.png",
            "/images/notes.txt",
            "/images/missing.png",
            "/images/cat.png%00.png",
            "/images/%2Fetc%2Fpasswd",
        ])
    func rejected(_ path: String) async throws {
        try await withPhotos { fixture in
            let response = try await fixture.get(path)
            #expect(response.status == 404, "\(path)")
            #expect(response.errorBody?.code == "NOT_FOUND", "\(path): \(response.text)")
            #expect(response.body != Data("secret".utf8))
        }
    }
}
