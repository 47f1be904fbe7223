// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import XCTest

@testable import PetSpotUI

/// The poster stays on its page whatever the paper: it scales by the side
/// that leaves less room, so a landscape or Letter page does not cut it off.
final class PosterDrawingTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    /// A poster with everything at its longest: a name, a description at its
    /// limit, a phone, an e-mail, a reward and a QR code.
    private func fullPoster() -> PosterContent {
        var luna = Fixtures.announcement("luna", name: "Luna", breed: "Maine Coon", species: .cat)
        luna.sex = .female
        luna.age = 3
        luna.phone = "+48 555 123 456"
        luna.email = "anna@example.org"
        luna.reward = "500 PLN"
        luna.description = String(repeating: "Grey tabby with a white chest, very shy. ", count: 20)
        return PosterContent(
            luna, pageURL: URL(string: "http://127.0.0.1:8080/reports/luna"), locale: Locale(identifier: "en_GB"))
    }

    func testNothingIsDrawnOutsideThePageOnAnyPaperEitherWayRound() throws {
        let poster = fullPoster()
        for size in [PaperSize.a4, .a4.landscape, .letter, .letter.landscape] {
            let inked = MainActor.assumeIsolated {
                PDFDocument.inkExtents(size: size) { canvas in
                    PosterDrawing.draw(poster, photo: nil, on: canvas, margin: PosterExport.pdfMargin)
                }
            }
            let ink = try XCTUnwrap(inked, "\(size): nothing drawn")
            let slack = 0.5
            XCTAssertGreaterThanOrEqual(ink.x, -slack, "\(size): \(ink)")
            XCTAssertGreaterThanOrEqual(ink.y, -slack, "\(size): \(ink)")
            XCTAssertLessThanOrEqual(ink.x + ink.width, size.width + slack, "\(size): \(ink)")
            XCTAssertLessThanOrEqual(ink.y + ink.height, size.height + slack, "\(size): \(ink)")
        }
    }
}
