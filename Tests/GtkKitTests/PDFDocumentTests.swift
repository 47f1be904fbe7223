// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import XCTest

/// `PDFDocument` and `PrintCanvas` without a window: what `petspot --poster`
/// writes (its text and QR code are read back by the e2e poster scenarios).
final class PDFDocumentTests: XCTestCase {
    func testAPageIsWrittenAsAPDF() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("canvas-\(UUID()).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var measured = (height: 0.0, wrapped: 0.0, clipped: 0.0, natural: 0.0)
        try MainActor.assumeIsolated {
            try PDFDocument.write(to: path, size: .a4) { canvas in
                XCTAssertEqual(canvas.width, PaperSize.a4.width)
                XCTAssertEqual(canvas.height, PaperSize.a4.height)
                canvas.fill(PrintRect(x: 0, y: 0, width: 100, height: 50), .black)
                let style = PrintTextStyle(size: 20)
                let words = String(repeating: "lost dog ", count: 40)
                measured.height = canvas.draw("Luna", x: 10, y: 60, width: 200, style: style)
                measured.wrapped = canvas.measure(words, width: 200, style: style)
                var twoLines = style
                twoLines.maximumLines = 2
                measured.clipped = canvas.measure(words, width: 200, style: twoLines)
                measured.natural = canvas.naturalWidth("Luna", style: style)
            }
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(data.prefix(5), Data("%PDF-".utf8))
        XCTAssertGreaterThan(measured.height, 15)
        XCTAssertGreaterThan(measured.wrapped, measured.height * 5, "long text wraps in its column")
        XCTAssertEqual(measured.clipped, measured.height * 2, accuracy: measured.height * 0.5, "two lines at most")
        XCTAssertGreaterThan(measured.natural, 20)
    }

    func testAPathThatCannotBeWrittenThrows() {
        let refused = MainActor.assumeIsolated { () -> Bool in
            do {
                try PDFDocument.write(to: "/nonexistent-folder/poster.pdf", size: .letter) { _ in }
                return false
            } catch {
                return true
            }
        }
        XCTAssertTrue(refused)
    }
}
