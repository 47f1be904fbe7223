// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@MainActor
@Suite struct AppCoordinatorTests {
    let repository = FakeAnnouncementRepository()
    let hosts = FakeNavigationHosts()
    let app: AppCoordinator

    init() { app = hosts.hostingApp(over: repository) }

    @Test func heroButtonsOpenReportsWithTheirFilter() {
        app.showReports(filter: .lost)
        #expect(hosts.selectedTab == .reports)
        #expect(app.reports.list.statusFilter == .lost)

        app.showReports(filter: .found)
        #expect(app.reports.list.statusFilter == .found)

        app.showReports(filter: .all)
        #expect(app.reports.list.statusFilter == .all)
        #expect(hosts.reportsShowing == "list")
    }

    @Test func heroButtonsClearAnEarlierSearch() {
        app.reports.list.setSearchText("maine")
        app.showReports(filter: .lost)
        #expect(app.reports.list.searchText == "")
        #expect(app.reports.list.statusFilter == .lost)
    }

    @Test func aHomeCardOpensItsDetailsInTheReportsTab() {
        app.openDetails(id: "luna")
        #expect(hosts.selectedTab == .reports)
        #expect(hosts.reportsShowing == "details")
        #expect(app.reports.details.announcementID == "luna")
    }

    @Test func aHeroButtonWhileDetailsAreOpenShowsTheList() {
        app.openDetails(id: "luna")
        app.showReports(filter: .found)
        #expect(hosts.reportsShowing == "list")
        #expect(!app.reports.isShowingDetails)
    }

    @Test func showOnMapSelectsTheMapCentredOnThePet() {
        let details = PetDetails(Fixtures.announcement("luna", name: "Luna"), userLocation: nil)
        app.showOnMap(details)
        #expect(hosts.selectedTab == .map)
        #expect(hosts.focusedOnMap == "luna")
    }

    @Test func backWorksOnlyWhileDetailsAreShownInTheReportsTab() {
        #expect(!app.canGoBack)
        app.openDetails(id: "luna")
        #expect(app.canGoBack)

        app.tabShown(.home)
        #expect(!app.canGoBack, "Back belongs to the Reports tab")
        #expect(!app.back())
        #expect(hosts.reportsShowing == "details", "the hidden tab keeps its page")

        app.tabShown(.reports)
        #expect(app.back())
        #expect(hosts.reportsShowing == "list")
        #expect(!app.canGoBack)
    }

    @Test func searchLeavesDetailsAndFocusesTheSearchEntry() {
        app.openDetails(id: "luna")
        app.search()
        #expect(hosts.selectedTab == .reports)
        #expect(hosts.reportsShowing == "list")
        #expect(hosts.searchFocused)
    }

    @Test func searchingFromOutsideShowsTheListWithThoseTermsAndEveryStatus() {
        app.showReports(filter: .found)
        app.openDetails(id: "luna")
        app.searchReports("lost dog")
        #expect(hosts.selectedTab == .reports)
        #expect(hosts.reportsShowing == "list")
        #expect(app.reports.list.searchText == "lost dog")
        #expect(app.reports.list.statusFilter == .all)
    }
}
