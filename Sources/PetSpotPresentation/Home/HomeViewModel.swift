// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Observation
import PetSpotDomain

/// Backs `HomePage` (the Home tab): the five newest announcements.
@MainActor
@Observable
public final class HomeViewModel {
    public let recentReports: AnnouncementCardsListViewModel
    /// Whether the cards come from the offline cache (the page's banner).
    public let offline: OfflineStatus

    public init(store: AnnouncementStore) {
        offline = store.offline
        // Distances come with the store's snapshots, whenever the location is known.
        recentReports = AnnouncementCardsListViewModel(store: store, query: .home)
    }

    /// First display: load once.
    public func start() {
        if recentReports.state == .idle { recentReports.setQuery(recentReports.query) }
    }

    public func reload() { recentReports.reload() }
}
