/// Cross-tab navigation: which tab is shown, and journeys that start in one tab
/// and end in another (a Home card opens its details in the Reports tab).
@MainActor
public final class AppCoordinator {
    public weak var tabHost: (any TabHost)?
    public weak var mapHost: (any MapHost)?
    public let reports: ReportsCoordinator

    public init(reports: ReportsCoordinator) {
        self.reports = reports
    }

    /// Hero buttons and View All: the Reports list with that filter.
    public func showReports(filter: AnnouncementListQuery.StatusFilter) {
        reports.showList(filter: filter)
        tabHost?.selectTab(.reports)
    }

    /// A card on Home: its details, pushed in the Reports tab's navigation.
    public func openDetails(id: String) {
        reports.openDetails(id: id)
        tabHost?.selectTab(.reports)
    }

    /// Show on Map from a details page.
    public func showOnMap(_ details: PetDetails) {
        mapHost?.focus(on: details)
        tabHost?.selectTab(.map)
    }
}
