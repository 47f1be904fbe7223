// SPDX-License-Identifier: GPL-3.0-or-later

import Observation
import PetSpotDomain

/// Cross-tab navigation: which tab is shown, journeys that start in one tab
/// and end in another (a Home card opens its details in the Reports tab), Back,
/// search and toasts. Every navigation goes through here or through
/// `ReportsCoordinator`, which decides between the Reports list and details.
@MainActor
@Observable
public final class AppCoordinator {
    @ObservationIgnored public weak var windowHost: (any WindowHost)?
    @ObservationIgnored public weak var mapHost: (any MapHost)?
    public let reports: ReportsCoordinator
    public private(set) var visibleTab: AppTabID = .home

    public init(reports: ReportsCoordinator) {
        self.reports = reports
        reports.app = self
    }

    /// Back is possible: the header shows its button and Escape/Alt+Left work.
    public var canGoBack: Bool { visibleTab == .reports && reports.isShowingDetails }

    /// The user switched tabs with the view switcher.
    public func tabShown(_ tab: AppTabID) { visibleTab = tab }

    /// Hero buttons and View All: the Reports list with that filter.
    public func showReports(filter: AnnouncementListQuery.StatusFilter) {
        reports.showList(filter: filter)
        select(.reports)
    }

    /// Report a Pet: from the header, Ctrl+N or an empty Reports list.
    public func newReport() { windowHost?.showReportForm() }

    /// A card on Home: its details, pushed in the Reports tab's navigation.
    public func openDetails(id: String) {
        reports.openDetails(id: id)
        select(.reports)
    }

    /// Show on Map from a details page.
    public func showOnMap(_ details: PetDetails) {
        mapHost?.focus(on: details)
        select(.map)
    }

    /// Ctrl+F: the Reports list, with the focus in its search entry.
    public func search() {
        select(.reports)
        reports.showSearch()
    }

    /// GNOME Shell's "search in the app": the Reports list (leaving details)
    /// with `terms` in its search and every status, so no filter hides a match.
    public func searchReports(_ terms: String) {
        reports.showList(filter: .all)
        reports.list.setSearchText(terms)
        select(.reports)
    }

    /// Back button, Escape, Alt+Left. False when there is nothing to go back to.
    @discardableResult
    public func back() -> Bool {
        guard visibleTab == .reports else { return false }
        return reports.back()
    }

    public func showToast(_ message: String) {
        windowHost?.showToast(message)
    }

    private func select(_ tab: AppTabID) {
        visibleTab = tab
        windowHost?.selectTab(tab)
    }
}
