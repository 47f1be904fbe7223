// SPDX-License-Identifier: GPL-3.0-or-later

import Logging
import PetSpotLogging
import PetSpotTestSupport
import Testing

/// Text from the network reaches the log: it must not forge lines or reach
/// the terminal as escape codes.
@Suite("Log lines escape control characters")
struct LogEscapingTests {
    @Test("newlines, escape codes, C1 controls and bidi overrides are written as \\u{…}")
    func escapes() {
        #expect("id a\nWARN forged".escapedForLog() == "id a\\u{A}WARN forged")
        #expect("\u{1B}[31mred\u{7}".escapedForLog() == "\\u{1B}[31mred\\u{7}")
        #expect("a\u{9B}b\u{2028}c\u{202E}d\r".escapedForLog() == "a\\u{9B}b\\u{2028}c\\u{202E}d\\u{D}")
        #expect("Łódź 🐈, tab\tend".escapedForLog() == "Łódź 🐈, tab\\u{9}end")
        #expect("plain ASCII".escapedForLog() == "plain ASCII")
    }

    @Test("a long text keeps its start and says how long it was")
    func bounded() {
        let text = String(repeating: "x", count: 10_000)
        #expect(text.escapedForLog(maxCharacters: 5) == "xxxxx… (10000 bytes in all)")
    }

    @Test("the handler escapes the message, metadata and error of every event")
    func handler() {
        struct Forged: Error, CustomStringConvertible { var description: String { "bad\nline" } }
        let recorded = RecordingLog()
        let logger = Logger(label: "test") { _ in ControlEscapingLogHandler(wrapping: recorded.handler) }
        logger.warning("GET /x\nINFO forged", error: Forged(), metadata: ["id": "a\u{1B}b", "list": ["c\nd"]])
        let entry = recorded.entries.first
        #expect(entry?.message == "GET /x\\u{A}INFO forged")
        #expect(entry?.metadata["id"] == "a\\u{1B}b")
        #expect(entry?.metadata["list"].map { !$0.contains("\n") && $0.contains("c\\\\u{A}d") } == true)
        #expect(entry?.metadata["error"] == "bad\\u{A}line")
    }
}
