import GtkKit
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import XCTest
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
                passwords.keep(password: "123456", reportID: a.id, backend: backend)
                fixture.repository.answerDetail(a.id, .success(a))
            }
            let viewModel = MyReportsViewModel(
                repository: fixture.repository, publisher: FakeReportPublisher(), passwords: passwords,
                backend: backend, store: fixture.store)
            let window = MyReportsWindow(
                viewModel: viewModel, coordinator: MyReportsCoordinator(app: fixture.app), photos: fixture.photos,
                transientFor: nil, onNewReport: {}, onClosed: {})
            window.present()
            defer { window.window.destroy() }
            XCTAssertTrue(waitUntil { window.window.shownCardTitles == ["Rex", "Luna"] }, "first: \(window.window.shownCardTitles)")

            passwords.keep(password: "654321", reportID: a3.id, backend: backend)
            fixture.repository.answerDetail(a3.id, .success(a3))
            viewModel.reload()
            XCTAssertTrue(
                waitUntil(timeout: 5) { window.window.shownCardTitles == ["Milo", "Rex", "Luna"] },
                "after the refresh: \(window.window.shownCardTitles)")
        }
    }
}
