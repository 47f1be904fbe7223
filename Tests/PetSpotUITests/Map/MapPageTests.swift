// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import GtkKit
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import XCTest

@testable import PetSpotUI

/// The Map page: a pin per report, the legend, the error banner that keeps the
/// pins, Show as List, and Open Details from a pin.
final class MapPageTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    /// Three pets far enough apart to stay separate pins at any zoom that fits them.
    private static func spreadPets() -> [Announcement] {
        [
            Fixtures.announcement("a1", name: "Luna", status: .lost, latitude: 52.2297, longitude: 21.0122),
            Fixtures.announcement("a2", name: "Rex", status: .found, latitude: 50.0647, longitude: 19.9450),
            Fixtures.announcement("a3", name: "Kiwi", status: .closed, latitude: 54.3520, longitude: 18.6466),
        ]
    }

    /// The fixture's Map page in an 800 × 600 window, appeared, once its three pins are on the map.
    @MainActor
    private static func showWithItsPins(
        _ fixture: PageFixture, file: StaticString = #filePath, line: UInt = #line
    ) -> (page: MapPage, window: PlainWindow) {
        let page = fixture.makeMapPage()
        let window = PlainWindow.showing(page.rootWidget, width: 800, height: 600)
        page.appeared()
        XCTAssertTrue(
            waitUntil { page.rootWidget.shownWidgets(withCSSClass: "map-pin").count == 3 }, file: file, line: line)
        return (page, window)
    }

    func testShowsAPinPerReportAndTheLegend() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(Self.spreadPets()))
            let page = fixture.makeMapPage()
            let window = PlainWindow.showing(page.rootWidget, width: 800, height: 600)
            defer { window.destroy() }
            let root = page.rootWidget

            page.appeared()
            XCTAssertTrue(
                waitUntil { root.shownWidgets(withCSSClass: "map-pin").count == 3 },
                "pins: \(root.shownWidgets(withCSSClass: "map-pin").count)")
            let pins = root.shownWidgets(withCSSClass: "map-pin")
            XCTAssertEqual(
                ["lost", "found", "closed"].map { status in pins.count { $0.hasCSSClass(status) } }, [1, 1, 1],
                "one pin per status, coloured by it")
            for word in ["Lost", "Found", "Closed"] {
                XCTAssertTrue(root.shownLabelTexts.contains(word), "legend says \(word)")
            }
            // Not by colour alone: each status has its own symbol, on its pin and in the legend.
            let symbols = [
                "lost": "dialog-warning-symbolic", "found": "object-select-symbolic",
                "closed": "action-unavailable-symbolic",
            ]
            for (status, symbol) in symbols {
                XCTAssertEqual(pins.first { $0.hasCSSClass(status) }?.shownIconNames, [symbol], "the \(status) pin")
                XCTAssertEqual(
                    root.shownWidgets(withCSSClass: "map-legend-mark").filter { $0.hasCSSClass(status) }
                        .flatMap(\.shownIconNames), [symbol], "the \(status) legend mark")
            }
        }
    }

    func testAFailedRefreshKeepsThePinsAndOffersRetry() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(
                .success(Self.spreadPets()), .failure(.unreachable), .success(Self.spreadPets()))
            let (page, window) = Self.showWithItsPins(fixture)
            defer { window.destroy() }
            let root = page.rootWidget
            XCTAssertFalse(root.shownLabelTexts.contains(RepositoryError.unreachable.userMessage))

            page.refresh()
            XCTAssertTrue(
                waitUntil { root.shownLabelTexts.contains(RepositoryError.unreachable.userMessage) },
                "shown: \(root.shownLabelTexts)")
            XCTAssertEqual(root.shownWidgets(withCSSClass: "map-pin").count, 3, "the old pins stay")

            XCTAssertTrue(root.clickButton(labelled: "Retry"))
            XCTAssertTrue(waitUntil { !root.shownLabelTexts.contains(RepositoryError.unreachable.userMessage) })
            XCTAssertEqual(root.shownWidgets(withCSSClass: "map-pin").count, 3)
        }
    }

    func testShowAsListShowsTheSameReportsAsCards() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(Self.spreadPets()))
            let (page, window) = Self.showWithItsPins(fixture)
            defer { window.destroy() }
            let root = page.rootWidget
            XCTAssertTrue(root.shownCardTitles.isEmpty)

            let toggle = root.shownWidgets(ofType: "GtkToggleButton").first
            XCTAssertNotNil(toggle)
            toggle.map { Signals.emit("clicked", on: UnsafeMutableRawPointer($0.widgetPointer)) }

            XCTAssertTrue(
                waitUntil { Set(root.shownCardTitles) == ["Luna", "Rex", "Kiwi"] }, "cards: \(root.shownCardTitles)")
            // The views crossfade: the map leaves once the fade ends.
            XCTAssertTrue(waitUntil { root.shownWidgets(withCSSClass: "map-pin").isEmpty }, "the map is hidden")
        }
    }

    func testOpenDetailsInAPinsPopoverShowsItsDetailsInReports() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(Self.spreadPets()))
            let hosts = RecordingWindowHost()
            fixture.app.windowHost = hosts
            let (page, window) = Self.showWithItsPins(fixture)
            defer { window.destroy() }
            let root = page.rootWidget

            guard let luna = root.shownWidgets(withCSSClass: "map-pin").first(where: { $0.hasCSSClass("lost") })
            else { return XCTFail("no pin for Luna, the lost pet") }
            Signals.emit("clicked", on: UnsafeMutableRawPointer(luna.widgetPointer))
            XCTAssertTrue(waitUntil { root.shownButton(labelled: "Open Details") != nil }, "the popover opens")
            XCTAssertTrue(root.shownLabelTexts.contains("Luna"))

            XCTAssertTrue(root.clickButton(labelled: "Open Details"))
            XCTAssertEqual(hosts.selectedTabs.last, .reports)
            XCTAssertEqual(fixture.reports.details.announcementID, "a1")
        }
    }

    /// A popover opened below a low pin ran off the screen (GTK 4.8 on X11 did
    /// not flip it): it opens toward the larger free part of the map.
    func testAPinsPopoverOpensTowardTheFreeSideOfTheMap() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerLists(.success(Self.spreadPets()))
            let (page, window) = Self.showWithItsPins(fixture)
            defer { window.destroy() }
            let root = page.rootWidget
            let pins = root.shownWidgets(withCSSClass: "map-pin")
            // The map fits all three: Kiwi (Gdańsk) near the top, Rex (Kraków) near the bottom.
            guard let kiwi = pins.first(where: { $0.hasCSSClass("closed") }),
                let rex = pins.first(where: { $0.hasCSSClass("found") })
            else { return XCTFail("no pins for Kiwi and Rex") }

            Signals.emit("clicked", on: UnsafeMutableRawPointer(rex.widgetPointer))
            XCTAssertTrue(waitUntil { page.popover.isOpen && root.shownLabelTexts.contains("Rex") })
            XCTAssertEqual(page.popover.side, .above, "a pin in the lower half opens its popover above it")
            page.popover.close()
            XCTAssertTrue(waitUntil { !page.popover.isOpen })

            Signals.emit("clicked", on: UnsafeMutableRawPointer(kiwi.widgetPointer))
            XCTAssertTrue(waitUntil { page.popover.isOpen && root.shownLabelTexts.contains("Kiwi") })
            XCTAssertEqual(page.popover.side, .below, "a pin in the upper half opens its popover below it")
        }
    }
}

/// Records what the app coordinator asks of the window.
@MainActor
final class RecordingWindowHost: WindowHost {
    var selectedTabs: [AppTabID] = []
    func selectTab(_ tab: AppTabID) { selectedTabs.append(tab) }
    func showToast(_ message: String) {}
    func showReportForm() {}
}
