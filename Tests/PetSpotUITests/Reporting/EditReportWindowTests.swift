// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import PetSpotDomain
import PetSpotTestSupport
import XCTest

@testable import PetSpotPresentation
@testable import PetSpotUI

/// The report form as Edit Report: its title and button, no photo, and a
/// password row only when no password is kept.
final class EditReportWindowTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    static let backend = "http://127.0.0.1:3000"

    static let burek = Announcement(
        id: "burek", petName: "Burek", species: .dog, sex: .male,
        coordinate: Coordinate(latitude: 52.2297, longitude: 21.0122)!,
        lastSeenDate: CalendarDay(year: 2026, month: 11, day: 10)!, phone: "555 0101", status: .lost,
        createdAt: Date(timeIntervalSince1970: 1_800_000_000))

    @MainActor
    private static func showForm(keeping password: String?) -> (ReportFormViewModel, ReportFormWindow) {
        let fixture = PageFixture()
        let passwords = FakeReportPasswordKeeping()
        if let password { passwords.preload(password: password, reportID: "burek", backend: Self.backend) }
        let viewModel = ReportFormViewModel(
            editing: Self.burek, publisher: FakeReportPublisher(), repository: fixture.repository,
            passwords: passwords, backend: Self.backend, store: fixture.store)
        let window = ReportFormWindow(viewModel: viewModel, app: fixture.app, transientFor: nil, onClosed: {})
        window.present()
        return (viewModel, window)
    }

    func testTheEditFormIsEditReportWithSaveChangesAndNoPhotoOrPasswordWhenOneIsKept() {
        MainActor.assumeIsolated {
            let (viewModel, window) = Self.showForm(keeping: "123456")
            defer { window.window.destroy() }
            let root = window.window
            XCTAssertEqual(root.title, "Edit Report")
            XCTAssertTrue(waitUntil { viewModel.password == .kept("123456") })
            XCTAssertNotNil(root.shownButton(labelled: "Save Changes"))
            XCTAssertNil(root.shownButton(labelled: "Submit"))
            XCTAssertNil(root.shownButton(labelled: "Choose Photo…"), "photos are added from My Reports")
            XCTAssertFalse(root.shownLabelTexts.contains("Management password"), "\(root.shownLabelTexts)")
            XCTAssertFalse(root.shownButton(labelled: "Save Changes")?.isSensitive ?? true, "nothing changed yet")
        }
    }

    func testWithoutAKeptPasswordTheFormAsksForIt() {
        MainActor.assumeIsolated {
            let (viewModel, window) = Self.showForm(keeping: nil)
            defer { window.window.destroy() }
            let root = window.window
            XCTAssertTrue(waitUntil { viewModel.password == .typed("") })
            XCTAssertTrue(
                waitUntil { root.shownLabelTexts.contains("Management password") }, "\(root.shownLabelTexts)")
        }
    }
}
