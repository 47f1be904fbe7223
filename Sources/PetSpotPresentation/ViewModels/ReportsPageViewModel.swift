import Foundation
import Observation
import PetSpotDomain

/// Backs `ReportsPage`: every announcement through the shared list component,
/// with the page's status filter, sort and search.
@MainActor
@Observable
public final class ReportsPageViewModel {
    public let reports: AnnouncementCardsListViewModel
    public private(set) var statusFilter: AnnouncementListQuery.StatusFilter = .all
    public private(set) var sort: AnnouncementListQuery.Sort = .newest
    public private(set) var searchText = ""
    public let userLocation: Coordinate?

    /// "Nearest" needs the user's location.
    public var availableSorts: [AnnouncementListQuery.Sort] {
        userLocation == nil ? [.newest, .oldest] : [.newest, .oldest, .nearest]
    }

    public init(store: AnnouncementStore) {
        userLocation = store.userLocation
        var query = AnnouncementListQuery.fullList
        query.userLocation = store.userLocation
        reports = AnnouncementCardsListViewModel(store: store, query: query)
    }

    /// First display: load once.
    public func start() {
        if reports.state == .idle { applyQuery() }
    }

    public func reload() { reports.reload() }

    public func setStatusFilter(_ filter: AnnouncementListQuery.StatusFilter) {
        guard filter != statusFilter else { return }
        statusFilter = filter
        applyQuery()
    }

    public func setSort(_ sort: AnnouncementListQuery.Sort) {
        guard sort != self.sort, availableSorts.contains(sort) else { return }
        self.sort = sort
        applyQuery()
    }

    public func setSearchText(_ text: String) {
        guard text != searchText else { return }
        searchText = text
        applyQuery()
    }

    private func applyQuery() {
        var query = reports.query
        query.statusFilter = statusFilter
        query.sort = sort
        query.searchText = searchText
        reports.setQuery(query)
    }
}
