// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Observation
import PetSpotDomain

/// Backs `ReportsPage`: every announcement through the shared list component,
/// with the page's status filter, sort and search.
@MainActor
@Observable
public final class ReportsViewModel {
    public let reports: AnnouncementCardsListViewModel
    public private(set) var statusFilter: AnnouncementListQuery.StatusFilter = .all
    public private(set) var sort: AnnouncementListQuery.Sort = .newest
    public private(set) var searchText = ""
    /// Observable: Nearest becomes available when the location arrives.
    public var userLocation: Coordinate? { store.location.coordinate }
    /// Whether the list comes from the offline cache (the page's banner).
    public var offline: OfflineStatus { store.offline }
    @ObservationIgnored private let store: AnnouncementStore
    @ObservationIgnored private var isStarted = false
    /// A sort asked for before it could be offered (Nearest restored from the
    /// last run while the location is still on its way): applied when the
    /// location arrives, unless another sort is chosen first.
    @ObservationIgnored private var awaitedSort: AnnouncementListQuery.Sort?

    /// "Nearest" needs the user's location.
    public var availableSorts: [AnnouncementListQuery.Sort] {
        userLocation == nil ? [.newest, .oldest] : [.newest, .oldest, .nearest]
    }

    public init(store: AnnouncementStore) {
        // The store's snapshots bring the location for distances and Nearest.
        reports = AnnouncementCardsListViewModel(store: store, query: .fullList)
        self.store = store
        store.subscribe { [weak self] snapshot in
            if self?.isStarted == true { Self.prepareSearch(in: snapshot) }
        }
        store.location.onChange { [weak self] _ in self?.locationArrived() }
    }

    private func locationArrived() {
        if let awaitedSort, availableSorts.contains(awaitedSort) { setSort(awaitedSort) }
    }

    /// First display: load once, and get every fetch ready to be searched.
    public func start() {
        if reports.state == .idle { reports.setQuery(currentQuery) }
        guard !isStarted else { return }
        isStarted = true
        if let latest = store.latest { Self.prepareSearch(in: latest) }
    }

    /// Folds the reports' names and breeds off the main thread, before the
    /// first keystroke in the search needs them.
    private static func prepareSearch(in snapshot: AnnouncementSnapshot) {
        Task { await snapshot.prepareSearch() }
    }

    public func reload() { reports.reload() }

    public func setStatusFilter(_ filter: AnnouncementListQuery.StatusFilter) {
        guard filter != statusFilter else { return }
        statusFilter = filter
        applyQuery()
    }

    public func setSort(_ sort: AnnouncementListQuery.Sort) {
        guard sort != self.sort else { return }
        guard availableSorts.contains(sort) else {
            awaitedSort = sort
            return
        }
        awaitedSort = nil
        self.sort = sort
        applyQuery()
    }

    public func setSearchText(_ text: String) {
        guard text != searchText else { return }
        searchText = text
        applyQuery()
    }

    /// Before the list is first shown (a filter restored at start-up) the
    /// query waits for `start()`, which applies it: filtering at start-up
    /// would cost Home's first frame for a tab that may stay closed.
    private func applyQuery() {
        guard reports.state != .idle else { return }
        reports.setQuery(currentQuery)
    }

    private var currentQuery: AnnouncementListQuery {
        var query = reports.query
        query.statusFilter = statusFilter
        query.sort = sort
        query.searchText = searchText
        return query
    }
}
