// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import XCTest

@testable import PetSpotUI

/// Home: loading, the five newest cards under "Recent Reports", empty and error
/// states, and Retry.
final class HomePageTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    func testShowsLoadingUntilTheReportsArrive() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(numberedAnnouncements(3)))
            fixture.repository.holdLists(true)
            let page = fixture.makeHomePage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget

            page.appeared()
            XCTAssertTrue(waitUntil { fixture.repository.heldListCount == 1 })
            XCTAssertEqual(root.shownWidgets(ofType: "GtkSpinner").count, 1, "the loading spinner is shown")
            XCTAssertEqual(root.shownCardTitles, [])

            fixture.repository.releaseHeldLists()
            XCTAssertTrue(waitUntil { root.shownCardTitles.count == 3 }, "cards: \(root.shownCardTitles)")
            // The state stack crossfades: the spinner leaves once the fade ends.
            XCTAssertTrue(waitUntil { root.shownWidgets(ofType: "GtkSpinner").isEmpty }, "the spinner is gone")
        }
    }

    func testShowsEachReportAsACardUnderRecentReports() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(numberedAnnouncements(3)))
            let page = fixture.makeHomePage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget

            page.appeared()
            XCTAssertTrue(waitUntil { !root.shownCardTitles.isEmpty }, "shown: \(root.shownLabelTexts)")
            XCTAssertEqual(root.shownCardTitles, ["Pet 3", "Pet 2", "Pet 1"])
            XCTAssertTrue(root.shownLabelTexts.contains("Recent Reports"))
            XCTAssertFalse(root.shownLabelTexts.contains("No Recent Reports"), "the hidden empty state is not read")
            XCTAssertNotNil(root.shownButton(labelled: "View All"))
        }
    }

    /// One or two cards on a tall page keep the height five cards have each,
    /// instead of stretching to fill the page.
    func testAFewCardsKeepTheirNaturalHeight() {
        MainActor.assumeIsolated {
            let natural = Self.cardHeights(showing: 5)
            XCTAssertEqual(Set(natural).count, 1, "five cards share one height: \(natural)")
            XCTAssertEqual(Self.cardHeights(showing: 1), [natural[0]])
            XCTAssertEqual(Self.cardHeights(showing: 2), [natural[0], natural[0]])
        }
    }

    @MainActor
    private static func cardHeights(showing count: Int) -> [Int] {
        let fixture = PageFixture()
        fixture.repository.answerLists(.success(numberedAnnouncements(count)))
        let page = fixture.makeHomePage()
        let window = PlainWindow.showing(page.rootWidget, width: 480, height: 1000)
        defer { window.destroy() }
        page.appeared()
        let cards = { page.rootWidget.shownWidgets(withCSSClass: "announcement-card") }
        XCTAssertTrue(waitUntil { cards().count == count && cards().allSatisfy { $0.allocatedHeight > 0 } })
        return cards().map(\.allocatedHeight)
    }

    func testShowsOnlyTheFiveNewestReportsNewestFirst() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            let announcements = numberedAnnouncements(7)
            let shuffled = [4, 1, 7, 2, 6, 3, 5].map { announcements[$0 - 1] }
            fixture.repository.answerLists(.success(shuffled))
            let page = fixture.makeHomePage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget

            page.appeared()
            XCTAssertTrue(waitUntil { !root.shownCardTitles.isEmpty }, "shown: \(root.shownLabelTexts)")
            XCTAssertEqual(root.shownCardTitles, ["Pet 7", "Pet 6", "Pet 5", "Pet 4", "Pet 3"])
        }
    }

    func testShowsTheEmptyStateWithoutCardsWhenThereAreNoReports() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success([]))
            let page = fixture.makeHomePage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget

            page.appeared()
            XCTAssertTrue(
                waitUntil { root.shownLabelTexts.contains("No Recent Reports") }, "shown: \(root.shownLabelTexts)")
            XCTAssertEqual(root.shownCardTitles, [])
            XCTAssertTrue(waitUntil { root.shownWidgets(ofType: "GtkSpinner").isEmpty }, "the spinner is gone")
        }
    }

    func testShowsTheErrorWithRetryAndRetryLoadsTheCards() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.failure(.unreachable))
            let page = fixture.makeHomePage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget

            page.appeared()
            XCTAssertTrue(
                waitUntil { root.shownLabelTexts.contains("Unable to Load Reports") }, "shown: \(root.shownLabelTexts)")
            XCTAssertTrue(root.shownLabelTexts.contains(RepositoryError.unreachable.userMessage))
            XCTAssertEqual(root.shownCardTitles, [])

            fixture.repository.answerLists(.success(numberedAnnouncements(3)))
            XCTAssertTrue(root.clickButton(labelled: "Retry"), "a Retry button is shown")
            XCTAssertTrue(
                waitUntil { root.shownCardTitles == ["Pet 3", "Pet 2", "Pet 1"] }, "cards: \(root.shownCardTitles)")
            // The states crossfade: the error leaves once the fade ends.
            XCTAssertTrue(waitUntil { !root.shownLabelTexts.contains("Unable to Load Reports") })
            XCTAssertNil(root.shownButton(labelled: "Retry"))
        }
    }
}
