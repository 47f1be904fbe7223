// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import XCTest

@testable import PetSpotUI

/// The details page offers its report as a printed poster (the dialog itself
/// is GTK's; what it prints is checked through `petspot --poster` end to end).
final class PosterPrintingTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    func testTheDetailsPageHasAPrintPosterButton() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerDetail("a1", .success(Fixtures.announcement("a1", name: "Luna", species: .cat)))
            let page = fixture.makeDetailsPage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget

            fixture.reports.details.load(id: "a1")
            XCTAssertTrue(waitUntil { root.shownLabelTexts.contains("Luna") }, "shown: \(root.shownLabelTexts)")
            // With Copy Link and Email… in the Share section, shown once the report is.
            XCTAssertTrue(waitUntil { root.shownButton(labelled: "Print Poster…") != nil })
            XCTAssertEqual(fixture.reports.details.shownAnnouncement?.id, "a1", "the poster's report")
        }
    }

    func testTheShortcutIsListedInTheShortcutsWindow() {
        let listed = AppShortcuts.groups.flatMap(\.shortcuts).map(\.accelerators)
        XCTAssertTrue(listed.contains(AppShortcuts.printPoster))
    }
}
