// SPDX-License-Identifier: GPL-3.0-or-later

import QRKit
import Testing

@Suite struct QRCodeTests {
    @Test func aShortURLMakesASmallSquareCode() throws {
        let code = try QRCode(encoding: "http://127.0.0.1:8080/reports/42")
        #expect(code.size >= 21)
        #expect((code.size - 21) % 4 == 0)
        #expect(code.modules.count == code.size * code.size)
    }

    @Test func theFinderPatternsSitInThreeCorners() throws {
        let code = try QRCode(encoding: "tel:+48123456789")
        let last = code.size - 1
        // Each finder is a dark 7×7 ring around a light ring around a dark 3×3 centre.
        for (row, column) in [(0, 0), (0, last - 6), (last - 6, 0)] {
            #expect(code.isDark(row: row, column: column))
            #expect(code.isDark(row: row + 6, column: column + 6))
            #expect(!code.isDark(row: row + 1, column: column + 1))
            #expect(code.isDark(row: row + 3, column: column + 3))
        }
        // The fourth corner has none: a light separator module beside where it would be.
        #expect(!code.isDark(row: last - 7, column: last - 7) || !code.isDark(row: last, column: last - 7))
    }

    @Test func theSameTextGivesTheSameCode() throws {
        #expect(try QRCode(encoding: "mailto:a@example.com") == QRCode(encoding: "mailto:a@example.com"))
        #expect(try QRCode(encoding: "mailto:a@example.com") != QRCode(encoding: "mailto:b@example.com"))
    }

    @Test func textUpToTheLimitIsEncoded() throws {
        let code = try QRCode(encoding: String(repeating: "x", count: QRCode.maximumBytes))
        #expect(code.size <= 57)  // version 10
    }

    @Test func longerTextIsRefused() {
        let text = String(repeating: "é", count: QRCode.maximumBytes / 2 + 1)
        #expect(throws: QRCode.EncodingError.tooLong(bytes: text.utf8.count)) { try QRCode(encoding: text) }
    }

    @Test func emptyTextIsRefused() {
        #expect(throws: QRCode.EncodingError.empty) { try QRCode(encoding: "") }
    }
}
