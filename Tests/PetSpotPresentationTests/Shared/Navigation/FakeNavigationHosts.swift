// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotTestSupport

@testable import PetSpotPresentation

/// A fake window: records what the coordinators asked it to show.
@MainActor
final class FakeNavigationHosts: WindowHost, ReportsNavigationHost, MapHost {
    var selectedTab: AppTabID = .home
    var reportsShowing = "list"
    var focusedOnMap: String?
    var toasts: [String] = []
    var searchFocused = false

    func selectTab(_ tab: AppTabID) { selectedTab = tab }
    func showReportsList() { reportsShowing = "list" }
    func showPetDetails() { reportsShowing = "details" }
    func focus(on details: PetDetails) { focusedOnMap = details.id }
    func showToast(_ message: String) { toasts.append(message) }
    var reportFormsShown = 0
    func showReportForm() { reportFormsShown += 1 }
    func focusSearch() { searchFocused = true }
}

extension FakeNavigationHosts {
    /// An app coordinator over `repository` whose every host is this fake.
    func hostingApp(over repository: FakeAnnouncementRepository) -> AppCoordinator {
        let reports = ReportsCoordinator(
            list: ReportsViewModel(store: AnnouncementStore(repository: repository)),
            details: PetDetailsViewModel(repository: repository, userLocation: nil))
        let app = AppCoordinator(reports: reports)
        app.windowHost = self
        app.mapHost = self
        reports.host = self
        return app
    }
}
