// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@Suite("Trimming text fields")
struct TrimmedTextTests {
    @Test(
        "trims exactly what Foundation's whitespacesAndNewlines holds, and blank is nil",
        arguments: [
            "Luna", " Luna", "Luna ", "\t\nLuna\r\n", "\u{00A0}Luna\u{3000}", "\u{2003}Łatka\u{2028}",
            "\u{0085}Burek\u{000B}\u{000C}", "Lu na", "  Lu\u{00A0}na  ", "é", " 🐈 ",
            "", " ", "\u{00A0}\u{2029}\t", "\u{FEFF}",
        ])
    func matchesFoundation(_ text: String) {
        let expected = text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text.trimmedNonEmpty == (expected.isEmpty ? nil : expected))
    }

    @Test("a zero-width space is not White_Space and stays (Foundation on Linux would trim it)")
    func zeroWidthSpaceStays() {
        #expect("\u{200B}Luna\u{200B}".trimmedNonEmpty == "\u{200B}Luna\u{200B}")
        #expect(" \u{200B} ".trimmedNonEmpty == "\u{200B}")
    }
}
