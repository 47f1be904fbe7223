// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("Bodies that are unusable as a whole")
struct MalformedBodyTests {
    @Test(
        "a malformed list body is one error for the request",
        arguments: [
            "", "   ", "not json", "<html><body>502 Bad Gateway</body></html>", "[]", "[{\"id\":\"a\"}]",
            "42", "\"data\"", "null", "true", "{}", "{\"items\": []}", "{\"data\": null}",
            "{\"data\": {}}", "{\"data\": \"x\"}", "{\"data\": 1}", "{\"announcements\": {\"id\": 1}}",
            "{\"data\": [", "{\"data\": [{\"id\": }]}", "{\"data\": []",
        ])
    func malformedList(body: String) {
        #expect {
            try Fixtures.decoder().decodeList(from: Data(body.utf8))
        } throws: { error in
            guard case .malformedBody = error as? AnnouncementDecodingError else { return false }
            return true
        }
    }

    @Test("invalid UTF-8 is an error, not a crash")
    func invalidUTF8() {
        let body = Data([0x7B, 0x22, 0x64, 0x61, 0x74, 0x61, 0x22, 0x3A, 0x5B, 0xFF, 0xFE, 0x5D, 0x7D])
        #expect(throws: AnnouncementDecodingError.self) {
            try Fixtures.decoder().decodeList(from: body)
        }
    }

    @Test("absurdly deep nesting is an error, not a stack overflow")
    func deepNesting() {
        let depth = 100_000
        let body = "{\"data\": [" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]}"
        // Either outcome is fine as long as the process survives; the nested
        // item itself can never be valid.
        let result = try? Fixtures.decoder().decodeList(from: Data(body.utf8))
        #expect(result?.announcements.isEmpty ?? true)
    }

    @Test("huge strings inside an item do not break decoding")
    func hugeStrings() throws {
        let long = String(repeating: "ä", count: 2_000_000)
        let item = Fixtures.wireItem().setting("description", .string(long)).setting("createdAt", .string(long))
        let result = try Fixtures.decoder().decodeList(from: Fixtures.listBody([item, Fixtures.wireItem(id: "ok")]))
        #expect(result.announcements.map(\.id) == ["ok"])
        #expect(result.skipped.map(\.reason) == [.invalidCreatedAt])
    }
}
