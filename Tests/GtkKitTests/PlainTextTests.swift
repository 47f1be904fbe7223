// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// Texts libadwaita reads as markup (a status page's description, a toast's
/// title) show exactly what they were given: an error message or a
/// translation with "&" or "<" would otherwise show nothing at all.
final class PlainTextTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    func testAStatusPageDescriptionIsShownAsPlainText() {
        MainActor.assumeIsolated {
            let text = "Tom & Jerry <b>not bold</b> 5 < 6"
            let page = StatusPage(title: "Unable to Load Reports", description: text)
            let window = PlainWindow.showing(page, width: 400, height: 300)
            defer { window.destroy() }
            XCTAssertEqual(page.statusDescription, text)
            XCTAssertTrue(page.shownLabelTexts.contains(text), "labels: \(page.shownLabelTexts)")
        }
    }
}
