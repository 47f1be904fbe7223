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

    func testListsEveryReportAsACard() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(Self.reports))
            let page = fixture.makeReportsPage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget

            page.appeared()
            XCTAssertTrue(waitUntil { root.shownCardTitles == ["Luna", "Rex", "Milo"] }, "cards: \(root.shownCardTitles)")
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
            XCTAssertTrue(waitUntil { root.shownDetailsHeadings.isEmpty }, "details are hidden: \(root.shownLabelTexts)")
            XCTAssertTrue(waitUntil { root.shownCardTitles == ["Luna", "Milo"] }, "cards: \(root.shownCardTitles)")
            XCTAssertEqual(fixture.reports.list.statusFilter, .lost)
        }
    }
}

extension Widget {
    /// The details page's title (the pet's name), when the details page is shown.
    fileprivate var shownDetailsHeadings: [String] {
        shownWidgets(withCSSClass: "title-1").flatMap(\.shownLabelTexts)
    }
}
