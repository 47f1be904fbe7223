// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotTestSupport
import XCTest

@testable import PetSpotPresentation
@testable import PetSpotUI

/// My Reports as a window: its rows follow the view model's list.
final class MyReportsWindowTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    /// A refresh that brings a new report changes the list of ids: every row
    /// shows, in the new order (rows moved between lists once used freed widgets).
    func testARefreshWithANewReportShowsEveryRow() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            let passwords = FakeReportPasswordKeeping()
            let backend = "http://127.0.0.1:3000"
            let a1 = Fixtures.announcement("a1", name: "Luna", minutes: 1)
            let a2 = Fixtures.announcement("a2", name: "Rex", minutes: 2)
            let a3 = Fixtures.announcement("a3", name: "Milo", minutes: 3)
            for a in [a1, a2] {
                passwords.preload(password: "123456", reportID: a.id, backend: backend)
                fixture.repository.answerDetail(a.id, .success(a))
            }
            let viewModel = MyReportsViewModel(
                repository: fixture.repository, publisher: FakeReportPublisher(), passwords: passwords,
                backend: backend, store: fixture.store)
            let window = MyReportsWindow(
                viewModel: viewModel, app: fixture.app, photos: fixture.photos,
                transientFor: nil, onNewReport: {}, onClosed: {})
            window.present()
            defer { window.window.destroy() }
            XCTAssertTrue(
                waitUntil { window.window.shownCardTitles == ["Rex", "Luna"] },
                "first: \(window.window.shownCardTitles)")

            passwords.preload(password: "654321", reportID: a3.id, backend: backend)
            fixture.repository.answerDetail(a3.id, .success(a3))
            viewModel.reload()
            XCTAssertTrue(
                waitUntil(timeout: 5) { window.window.shownCardTitles == ["Milo", "Rex", "Luna"] },
                "after the refresh: \(window.window.shownCardTitles)")
        }
    }

    /// Rex and Luna, kept in `passwords` for `backend`.
    private static let backend = "http://127.0.0.1:3000"

    @MainActor
    private static func showMine(
        _ fixture: PageFixture, passwords: FakeReportPasswordKeeping
    ) -> (MyReportsViewModel, MyReportsWindow) {
        for report in [
            Fixtures.announcement("a1", name: "Luna", minutes: 1), Fixtures.announcement("a2", name: "Rex", minutes: 2),
        ] {
            passwords.preload(password: "123456", reportID: report.id, backend: Self.backend)
            fixture.repository.answerDetail(report.id, .success(report))
        }
        let viewModel = MyReportsViewModel(
            repository: fixture.repository, publisher: FakeReportPublisher(), passwords: passwords,
            backend: Self.backend, store: fixture.store)
        let window = MyReportsWindow(
            viewModel: viewModel, app: fixture.app, photos: fixture.photos,
            transientFor: nil, onNewReport: {}, onClosed: {})
        window.present()
        return (viewModel, window)
    }

    func testRemoveAsksFirstThenForgetsTheReportOnThisComputerOnly() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            let passwords = FakeReportPasswordKeeping()
            let (_, window) = Self.showMine(fixture, passwords: passwords)
            defer { window.window.destroy() }
            let root = window.window
            XCTAssertTrue(waitUntil { root.shownCardTitles == ["Rex", "Luna"] }, "\(root.shownCardTitles)")
            let remove = root.shownButton(labelled: "Remove from This Computer")
            XCTAssertEqual(remove?.accessibleLabel, "Remove Rex from This Computer")

            XCTAssertTrue(root.clickButton(labelled: "Remove from This Computer"))
            guard let dialog = window.removalDialog else { return XCTFail("no confirmation") }
            XCTAssertEqual(dialog.heading, "Remove Rex from This Computer?")
            XCTAssertTrue(dialog.body.contains("stays on the server"), dialog.body)
            XCTAssertEqual(dialog.title, dialog.heading)
            XCTAssertEqual(dialog.defaultResponse, "cancel", "Enter does not remove")
            XCTAssertTrue(passwords.removals.isEmpty, "nothing is removed before the answer")

            dialog.respond("remove")
            XCTAssertTrue(waitUntil { root.shownCardTitles == ["Luna"] }, "\(root.shownCardTitles)")
            XCTAssertEqual(passwords.removals, ["a2"])
            XCTAssertEqual(passwords.kept(backend: Self.backend).map(\.reportID), ["a1"])
            XCTAssertNil(window.removalDialog)
        }
    }

    func testCancellingTheConfirmationKeepsTheReport() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            let passwords = FakeReportPasswordKeeping()
            let (viewModel, window) = Self.showMine(fixture, passwords: passwords)
            defer { window.window.destroy() }
            XCTAssertTrue(waitUntil { window.window.shownCardTitles == ["Rex", "Luna"] })
            XCTAssertTrue(window.window.clickButton(labelled: "Remove from This Computer"))
            window.removalDialog?.respond("cancel")
            XCTAssertNil(window.removalDialog)
            XCTAssertTrue(passwords.removals.isEmpty)
            XCTAssertEqual(viewModel.items.map(\.id), ["a2", "a1"])
        }
    }

    /// Mark as Reunited: named with the pet, asked first in a dialog, and
    /// then the row says Closed and offers no changes.
    func testMarkAsReunitedAsksFirstThenTheRowShowsClosedWithoutActions() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            let passwords = FakeReportPasswordKeeping()
            let rex = Fixtures.announcement("a2", name: "Rex", minutes: 2)
            passwords.preload(password: "123456", reportID: rex.id, backend: Self.backend)
            fixture.repository.answerDetail(rex.id, .success(rex))
            let publisher = FakeReportPublisher()
            publisher.serveReports([rex])
            let viewModel = MyReportsViewModel(
                repository: fixture.repository, publisher: publisher, passwords: passwords, backend: Self.backend,
                store: fixture.store)
            var edited: [Announcement] = []
            let window = MyReportsWindow(
                viewModel: viewModel, app: fixture.app, photos: fixture.photos, transientFor: nil, onNewReport: {},
                onEdit: { edited.append($0) }, onClosed: {})
            window.present()
            defer { window.window.destroy() }
            let root = window.window
            XCTAssertTrue(waitUntil { root.shownCardTitles == ["Rex"] }, "\(root.shownCardTitles)")
            XCTAssertEqual(root.shownButton(labelled: "Mark as Reunited")?.accessibleLabel, "Mark Rex as Reunited")
            XCTAssertEqual(root.shownButton(labelled: "Edit")?.accessibleLabel, "Edit Rex")

            XCTAssertTrue(root.clickButton(labelled: "Edit"))
            XCTAssertEqual(edited, [rex], "Edit opens the form with the report")

            XCTAssertTrue(root.clickButton(labelled: "Mark as Reunited"))
            XCTAssertTrue(waitUntil { window.reunionDialog != nil })
            guard let dialog = window.reunionDialog else { return XCTFail("no confirmation") }
            XCTAssertEqual(dialog.heading, "Mark Rex as Reunited?")
            XCTAssertTrue(dialog.body.contains("closed to everyone"), dialog.body)
            XCTAssertEqual(dialog.title, dialog.heading)
            XCTAssertEqual(dialog.defaultResponse, "cancel")
            XCTAssertTrue(publisher.updates.isEmpty, "nothing is sent before the answer")

            dialog.respond("reunited")
            XCTAssertTrue(waitUntil { root.shownLabelTexts.contains("Closed") }, "\(root.shownLabelTexts)")
            XCTAssertEqual(publisher.updates.map(\.changes), [.closing])
            XCTAssertNil(root.shownButton(labelled: "Mark as Reunited"))
            XCTAssertNil(root.shownButton(labelled: "Edit"))
            XCTAssertNil(root.shownButton(labelled: "Add Photo"))
            XCTAssertNotNil(root.shownButton(labelled: "Remove from This Computer"))
            XCTAssertNil(window.reunionDialog)
        }
    }

    /// Every opening of My Reports makes a view model that listens for the
    /// location: closing the window must take that listener away.
    func testOpeningAndClosingMyReportsLeavesNoLocationListenerBehind() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            let passwords = FakeReportPasswordKeeping()
            let before = fixture.location.listenerCount
            for _ in 0..<3 {
                let (_, window) = Self.showMine(fixture, passwords: passwords)
                XCTAssertTrue(waitUntil { window.window.shownCardTitles == ["Rex", "Luna"] })
                XCTAssertEqual(fixture.location.listenerCount, before + 1)
                window.window.destroy()
            }
            XCTAssertEqual(fixture.location.listenerCount, before)
        }
    }
}
