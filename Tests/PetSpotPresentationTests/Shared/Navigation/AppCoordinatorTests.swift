import Foundation
import Testing
@testable import PetSpotPresentation
import PetSpotDomain
import PetSpotTestSupport

/// A fake window: records what the coordinators asked it to show.
@MainActor
private final class FakeHosts: WindowHost, ReportsNavigationHost, MapHost {
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

@MainActor
@Suite struct AppCoordinatorTests {
    let repository = FakeAnnouncementRepository()
    private let hosts = FakeHosts()
    let app: AppCoordinator

    init() {
        let reports = ReportsCoordinator(
            list: ReportsViewModel(store: AnnouncementStore(repository: repository)),
            details: PetDetailsViewModel(repository: repository, userLocation: nil))
        app = AppCoordinator(reports: reports)
        app.windowHost = hosts
        app.mapHost = hosts
        reports.host = hosts
    }

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

    @Test func anEmptyReportsListOpensTheReportForm() {
        app.reports.newReport()
        app.newReport()
        #expect(hosts.reportFormsShown == 2)
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

    @Test func backReturnsToTheListKeepingTheFilter() {
        app.showReports(filter: .lost)
        app.reports.openDetails(id: "luna")
        #expect(app.reports.back())
        #expect(hosts.reportsShowing == "list")
        #expect(app.reports.list.statusFilter == .lost)
        #expect(!app.reports.back(), "nothing more to go back to")
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

    @Test func detailsToastsAndShowOnMapGoThroughTheAppCoordinator() {
        app.reports.announce("Phone number copied")
        #expect(hosts.toasts == ["Phone number copied"])

        app.reports.showOnMap(PetDetails(Fixtures.announcement("rex", name: "Rex"), userLocation: nil))
        #expect(hosts.selectedTab == .map)
        #expect(hosts.focusedOnMap == "rex")
        #expect(app.visibleTab == .map)
    }
}
