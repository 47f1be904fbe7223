// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import XCTest

@testable import PetSpotUI

/// Reports: the recycling list shows cards in a real window; details are pushed
/// over it and Back returns to the list as it was left.
final class ReportsPageTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    private static let reports = [
        Fixtures.announcement("a1", name: "Luna", status: .lost, minutes: 3),
        Fixtures.announcement("a2", name: "Rex", status: .found, minutes: 2),
        Fixtures.announcement("a3", name: "Milo", status: .lost, minutes: 1),
    ]

    /// `count` pets, "Pet 0" the oldest, one minute apart.
    private static func numberedPets(
        _ count: Int, status: (Int) -> AnnouncementStatus = { _ in .lost }
    ) -> [Announcement] {
        (0..<count).map { index in
            Fixtures.announcement("r\(index)", name: "Pet \(index)", status: status(index), minutes: Double(index))
        }
    }

    /// The fixture's Reports page in a 480 × 900 window, appeared, once its
    /// newest card is shown.
    @MainActor
    private static func showReports(
        _ fixture: PageFixture, newest: String, file: StaticString = #filePath, line: UInt = #line
    ) -> (page: ReportsPage, window: PlainWindow) {
        let page = fixture.makeReportsPage()
        let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
        page.appeared()
        XCTAssertTrue(
            waitUntil { page.rootWidget.shownCardTitles.first == newest },
            "cards: \(page.rootWidget.shownCardTitles)", file: file, line: line)
        return (page, window)
    }

    /// Scrolls the list to `offset`, once it has laid out enough rows to get there.
    @MainActor
    private static func scroll(_ page: ReportsPage, to offset: Double) -> Bool {
        waitUntil {
            page.list.root.verticalOffset = offset
            return page.list.root.verticalOffset == offset
        }
    }

    func testListsEveryReportAsACard() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(Self.reports))
            let page = fixture.makeReportsPage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget

            page.appeared()
            XCTAssertTrue(
                waitUntil { root.shownCardTitles == ["Luna", "Rex", "Milo"] }, "cards: \(root.shownCardTitles)")
        }
    }

    /// Every row of the recycling list is one height, a long name included:
    /// a row whose height changed as it was bound made GTK bind and measure
    /// its rows again within the same frame. Home's few cards give it two lines.
    func testEveryRowIsOneHeightWhereHomesCardsGiveALongNameTwoLines() {
        MainActor.assumeIsolated {
            let long = Array(repeating: "Longname", count: 12).joined(separator: " ")
            let reports = [Fixtures.announcement("long", name: long, minutes: 9)] + Self.reports
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(reports))
            let (page, window) = Self.showReports(fixture, newest: long)
            defer { window.destroy() }
            let cards = { page.rootWidget.shownWidgets(withCSSClass: "announcement-card") }
            XCTAssertTrue(waitUntil { cards().count == 4 && cards().allSatisfy { $0.allocatedHeight > 0 } })
            XCTAssertEqual(Set(cards().map(\.allocatedHeight)).count, 1, "\(cards().map(\.allocatedHeight))")

            let home = fixture.makeHomePage()
            let homeWindow = PlainWindow.showing(home.rootWidget, width: 480, height: 1000)
            defer { homeWindow.destroy() }
            home.appeared()
            let homeCards = { home.rootWidget.shownWidgets(withCSSClass: "announcement-card") }
            XCTAssertTrue(waitUntil { homeCards().count == 4 && homeCards().allSatisfy { $0.allocatedHeight > 0 } })
            let heights = homeCards().map(\.allocatedHeight)
            XCTAssertGreaterThan(heights[0], heights[1], "the long name takes two lines on Home: \(heights)")
        }
    }

    func testARefreshAddsTheNewReportAndShowsAChangedStatusInAKeptRow() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            let refreshed = [
                Fixtures.announcement("a1", name: "Luna", status: .lost, minutes: 3),
                Fixtures.announcement("a2", name: "Rex", status: .closed, minutes: 2),
                Fixtures.announcement("a3", name: "Milo", status: .lost, minutes: 1),
                Fixtures.announcement("a4", name: "Kora", status: .found, minutes: 0),
            ]
            fixture.repository.answerLists(.success(Self.reports), .success(refreshed))
            let page = fixture.makeReportsPage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget
            page.appeared()
            XCTAssertTrue(
                waitUntil { root.shownCardTitles == ["Luna", "Rex", "Milo"] }, "cards: \(root.shownCardTitles)")
            XCTAssertEqual(root.shownCardTexts["Rex"]?.contains("FOUND"), true, "Rex: \(root.shownCardTexts)")

            page.refresh()
            XCTAssertTrue(
                waitUntil { root.shownCardTitles == ["Luna", "Rex", "Milo", "Kora"] }, "cards: \(root.shownCardTitles)")
            // Rex's row was kept (only Kora's was added, after it) and still shows what changed.
            XCTAssertTrue(
                waitUntil { root.shownCardTexts["Rex"]?.contains("CLOSED") == true }, "Rex: \(root.shownCardTexts)")
        }
    }

    func testALongListFormatsOnlyTheCardsItShows() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(Self.numberedPets(20_000)))
            let (_, window) = Self.showReports(fixture, newest: "Pet 19999")
            defer { window.destroy() }
            let formatted = fixture.store.latest?.formattedCardCount ?? 0
            XCTAssertGreaterThan(formatted, 0)
            // GtkListView keeps about 200 rows around the visible ones.
            XCTAssertLessThan(formatted, 1_000, "cards for the rows GTK keeps, not for 20 000 reports")
        }
    }

    func testAnotherFilterStartsAtTheTopAndARefreshKeepsTheScrollPosition() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            let many = Self.numberedPets(300) { $0 % 2 == 0 ? .lost : .found }
            let newOnTop = Fixtures.announcement("new", name: "Newest", minutes: 1_000)
            fixture.repository.answerLists(.success(many), .success([newOnTop] + many))
            let (page, window) = Self.showReports(fixture, newest: "Pet 299")
            defer { window.destroy() }
            let root = page.rootWidget
            let scrolled = page.list.root
            XCTAssertTrue(Self.scroll(page, to: 3_000), "scrolled down")
            page.refresh()
            XCTAssertTrue(waitUntil { fixture.repository.listCallCount == 2 })
            XCTAssertTrue(waitUntil { page.list.rowCount == 301 })
            XCTAssertEqual(scrolled.verticalOffset, 3_000, accuracy: 200, "a refresh keeps the place")

            XCTAssertTrue(root.clickButton(labelled: "Lost"))
            XCTAssertTrue(waitUntil { root.shownCardTitles.first == "Newest" }, "cards: \(root.shownCardTitles)")
            XCTAssertEqual(scrolled.verticalOffset, 0, "another filter starts at the top")
        }
    }

    func testALocationArrivingAddsDistancesAndNearestWithoutMovingTheList() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(Self.numberedPets(300)))
            let (page, window) = Self.showReports(fixture, newest: "Pet 299")
            defer { window.destroy() }
            let root = page.rootWidget
            XCTAssertEqual(page.toolbar.sorts, [.newest, .oldest])
            XCTAssertFalse(root.shownCardTexts.values.contains { $0.contains { $0.hasSuffix("km away") } })
            let scrolled = page.list.root
            XCTAssertTrue(Self.scroll(page, to: 3_000), "scrolled down")

            fixture.location.update(to: Coordinate(latitude: 50.06, longitude: 19.94)!)

            XCTAssertTrue(
                waitUntil {
                    !root.shownCardTexts.isEmpty
                        && root.shownCardTexts.values.allSatisfy { $0.contains { $0.hasSuffix("km away") } }
                }, "cards: \(root.shownCardTexts)")
            XCTAssertEqual(page.toolbar.sorts, [.newest, .oldest, .nearest])
            XCTAssertEqual(scrolled.verticalOffset, 3_000, accuracy: 200, "the list stays where it was")
            XCTAssertEqual(fixture.repository.listCallCount, 1, "nothing is fetched again")
        }
    }

    func testTypingOnWhileTheLastSearchLandsKeepsEveryCharacter() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(Self.reports))
            let page = fixture.makeReportsPage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            page.appeared()
            XCTAssertTrue(waitUntil { page.rootWidget.shownCardTitles.count == 3 })
            let entry = page.toolbar.searchEntry
            let list = fixture.reports.list

            entry.text = "l"
            // The search for "l" has reached the view model; the page has not
            // yet rendered it when the next character comes.
            XCTAssertTrue(waitUntil { list.searchText == "l" })
            entry.text = "lu"
            XCTAssertTrue(waitUntil { list.searchText == "lu" }, "searched: \(list.searchText)")
            XCTAssertEqual(entry.text, "lu")
            XCTAssertTrue(
                waitUntil { page.rootWidget.shownCardTitles == ["Luna"] }, "\(page.rootWidget.shownCardTitles)")
        }
    }

    func testDetailsReplaceTheListAndBackRestoresItWithItsFilter() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(Self.reports))
            fixture.repository.answerDetail("a3", .success(Self.reports[2]))
            let page = fixture.makeReportsPage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget
            page.appeared()
            XCTAssertTrue(waitUntil { root.shownCardTitles.count == 3 }, "cards: \(root.shownCardTitles)")

            XCTAssertTrue(root.clickButton(labelled: "Lost"), "the Lost filter is shown")
            XCTAssertTrue(waitUntil { root.shownCardTitles == ["Luna", "Milo"] }, "cards: \(root.shownCardTitles)")

            fixture.reports.openDetails(id: "a3")
            XCTAssertTrue(waitUntil { root.shownDetailsHeadings == ["Milo"] }, "shown: \(root.shownLabelTexts)")
            XCTAssertTrue(waitUntil { root.shownCardTitles.isEmpty }, "the list is hidden: \(root.shownCardTitles)")

            fixture.reports.back()
            XCTAssertTrue(
                waitUntil { root.shownDetailsHeadings.isEmpty }, "details are hidden: \(root.shownLabelTexts)")
            XCTAssertTrue(waitUntil { root.shownCardTitles == ["Luna", "Milo"] }, "cards: \(root.shownCardTitles)")
            XCTAssertEqual(fixture.reports.list.statusFilter, .lost)
        }
    }
}

extension Widget {
    /// Each shown card's texts (title, subtitle, badge…), by title.
    fileprivate var shownCardTexts: [String: [String]] {
        Dictionary(
            shownWidgets(withCSSClass: "announcement-card").map {
                ($0.shownLabelTexts.first ?? "", $0.shownLabelTexts)
            },
            uniquingKeysWith: { first, _ in first })
    }

    /// The details page's title (the pet's name), when the details page is shown.
    fileprivate var shownDetailsHeadings: [String] {
        shownWidgets(withCSSClass: "title-1").flatMap(\.shownLabelTexts)
    }
}
