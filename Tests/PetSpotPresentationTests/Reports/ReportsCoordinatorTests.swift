// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// The Reports tab's own navigation (list or details), and what it hands
/// to the app coordinator.
@MainActor
@Suite struct ReportsCoordinatorTests {
    let repository = FakeAnnouncementRepository()
    let hosts = FakeNavigationHosts()
    let app: AppCoordinator

    init() { app = hosts.hostingApp(over: repository) }

    @Test func anEmptyReportsListOpensTheReportForm() {
        app.reports.newReport()
        app.newReport()
        #expect(hosts.reportFormsShown == 2)
    }

    @Test func backReturnsToTheListKeepingTheFilter() {
        app.showReports(filter: .lost)
        app.reports.openDetails(id: "luna")
        #expect(app.reports.back())
        #expect(hosts.reportsShowing == "list")
        #expect(app.reports.list.statusFilter == .lost)
        #expect(!app.reports.back(), "nothing more to go back to")
    }

    @Test func detailsToastsAndShowOnMapGoThroughTheAppCoordinator() {
        app.reports.announce("Phone number copied")
        #expect(hosts.toasts == ["Phone number copied"])

        app.reports.showOnMap(PetDetails(Fixtures.announcement("rex", name: "Rex"), userLocation: nil))
        #expect(hosts.selectedTab == .map)
        #expect(hosts.focusedOnMap == "rex")
        #expect(app.visibleTab == .map)
    }
}
