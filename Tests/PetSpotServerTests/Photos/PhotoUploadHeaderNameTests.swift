// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import NIOCore
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

/// A byte above 0x7F in a part's header name ended the whole server (the
/// multipart parser traps on it); such a body is now a 400 like any other that
/// is not multipart, and the server goes on. Schemathesis found it.
@Suite("A photo upload with a non-ASCII header name is refused, not fatal")
struct PhotoUploadHeaderNameTests {
    static let boundary = PhotoUploadTests.boundary

    static let badBodies: [(name: String, body: [UInt8])] = [
        (
            "right after the boundary",
            Array("--\(boundary)\r\n".utf8) + [0xC3, 0x84] + Array("--\(boundary)--\r\n".utf8)
        ),
        (
            "a second header of the photo part",
            Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"\r\nX-\u{C4}: 1\r\n\r\n".utf8)
                + TestImages.jpeg + Array("\r\n--\(boundary)--\r\n".utf8)
        ),
        (
            "a part after the photo",
            [UInt8](PhotoUploadTests.photo(TestImages.jpeg).dropLast("--\(boundary)--\r\n".utf8.count))
                + Array("--\(boundary)\r\n\u{FF}name: x\r\n\r\nx\r\n--\(boundary)--\r\n".utf8)
        ),
    ]

    @Test("each is a 400 INVALID_BODY, stores nothing, and the server still answers")
    func refused() async throws {
        try await ServerFixture.with { fixture in
            let (_, id, password) = try await fixture.createReport()
            for bad in Self.badBodies {
                let response = try await fixture.send(
                    "/api/v1/announcements/\(id)/photos", body: Data(bad.body),
                    contentType: PhotoUploadTests.multipartType,
                    headers: [("Authorization", PhotoUploadTests.basic("petspot", password))])
                #expect(response.status == 400, "\(bad.name): \(response.text)")
                #expect(response.errorBody?.code == "INVALID_BODY", "\(bad.name): \(response.text)")
            }
            #expect(try await fixture.get("/api/health").status == 200)
            #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.imagesDirectory.path).isEmpty)
        }
    }

    @Test("a file name in UTF-8, in a header's value, is still taken")
    func utf8InValue() async throws {
        try await ServerFixture.with { fixture in
            let (_, id, password) = try await fixture.createReport()
            let response = try await fixture.send(
                "/api/v1/announcements/\(id)/photos",
                body: PhotoUploadTests.photo(TestImages.jpeg, type: "image/jpeg", fileName: "zdjęcie Żabki.jpg"),
                contentType: PhotoUploadTests.multipartType,
                headers: [("Authorization", PhotoUploadTests.basic("petspot", password))])
            #expect(response.status == 201, "\(response.text)")
        }
    }

    @Test("the check sees a header name however the body is cut into chunks")
    func everySplit() {
        for bad in Self.badBodies {
            for cut in 0...bad.body.count {
                var check = MultipartHeaderNameCheck(boundary: Self.boundary)
                let first = check.accepts(ByteBuffer(bytes: bad.body[..<cut]))
                let second = first && check.accepts(ByteBuffer(bytes: bad.body[cut...]))
                #expect(!second, "\(bad.name), cut at \(cut)")
            }
        }
        let good = [UInt8](PhotoUploadTests.photo(TestImages.jpeg, fileName: "zdjęcie.jpg"))
        for cut in 0...good.count {
            var check = MultipartHeaderNameCheck(boundary: Self.boundary)
            #expect(
                check.accepts(ByteBuffer(bytes: good[..<cut])) && check.accepts(ByteBuffer(bytes: good[cut...])),
                "cut at \(cut)")
        }
    }
}
