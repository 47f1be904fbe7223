// SPDX-License-Identifier: GPL-3.0-or-later

import GettextKit
import Testing

@Suite("TextDomain without a catalogue")
struct TextDomainTests {
    // No catalogue is bound for this domain, so every answer is the English.
    private let domain = TextDomain(name: "petspot-tests-without-catalogue")

    /// GLib hands back the pointer it was given; read after the call, that
    /// temporary copy was freed memory (and the tests crashed). Many different
    /// long messages make reuse of freed memory likely if it happens again.
    @Test("untranslated messages come back whole, including long and non-ASCII ones")
    func untranslatedRoundTrip() {
        for index in 0..<2_000 {
            let message = "Message \(index): " + String(repeating: "zażółć gęślą jaźń ", count: index % 40)
            #expect(domain.translate(message) == message)
            #expect(domain.translate(message, context: "test") == message)
        }
    }

    @Test("without a catalogue, English plural rules choose the form")
    func englishPlurals() {
        #expect(domain.translate(singular: "{count} report", plural: "{count} reports", count: 1) == "{count} report")
        #expect(domain.translate(singular: "{count} report", plural: "{count} reports", count: 0) == "{count} reports")
        #expect(domain.translate(singular: "{count} report", plural: "{count} reports", count: 5) == "{count} reports")
    }
}
