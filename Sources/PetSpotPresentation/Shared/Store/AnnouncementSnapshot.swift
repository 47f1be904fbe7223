// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotLocking

/// One successful fetch of every announcement, and the cards formatted for
/// them so far (cards do not depend on a page's query, only on the user's
/// location and locale, so every list shares them).
public struct AnnouncementSnapshot: Sendable {
    /// Counts the store's successful fetches and location changes: a larger one is newer.
    public let generation: Int
    public let announcements: [Announcement]
    let formattedCards: FormattedCards
    private let searchFields = FoldedOnce()

    /// The location the cards were formatted for; nil when unknown.
    public var userLocation: Coordinate? { formattedCards.userLocation }

    /// How many cards lists have asked for so far (for tests and the bench).
    public var formattedCardCount: Int { formattedCards.count }

    /// Up to this many announcements a query is applied on the caller's
    /// thread: a few milliseconds at most, less than
    /// the trip to another thread and back, during which GTK would draw a
    /// frame without the results (Home's first frame at start-up).
    static let presentInlineLimit = 250

    /// Whether `present(_:)` is worth a trip off the main thread.
    var isLarge: Bool { announcements.count > Self.presentInlineLimit }

    /// `query`'s results, on the caller's thread.
    func presentInline(_ query: AnnouncementListQuery) -> AnnouncementResults {
        results(of: query)
    }

    /// `query`'s results; nil when the caller was cancelled meanwhile.
    /// Filtering and sorting thousands of items stays off the main thread.
    @concurrent
    func present(_ query: AnnouncementListQuery) async -> AnnouncementResults? {
        let results = results(of: query)
        return Task.isCancelled ? nil : results
    }

    /// Folds every report's name and breed for searching, if no search has
    /// yet: the Reports tab asks for it when it opens, so that the first
    /// keystroke in its search does not wait for it.
    @concurrent
    func prepareSearch() async {
        _ = searchFields.fields(of: announcements)
    }

    private func results(of query: AnnouncementListQuery) -> AnnouncementResults {
        let searching = SearchMatcher(query.searchText).isSearching
        // Nearest sorts by this snapshot's location, the one its cards show;
        // the results keep the list's own query, so a location arriving is
        // not a new query (which would scroll the list back to the top).
        var located = query
        if let userLocation { located.userLocation = userLocation }
        let positions = located.positions(
            in: announcements, searchFields: searching ? searchFields.fields(of: announcements) : nil)
        return AnnouncementResults(
            query: query, fetched: announcements, positions: positions, formatted: formattedCards)
    }
}

/// A snapshot's search fields, folded the first time a search needs them.
private final class FoldedOnce: Sendable {
    private let folded = Locked<[SearchFields]?>(nil)

    /// Folding runs under the lock: a second search waits for the first
    /// one's folding rather than repeating it.
    func fields(of announcements: [Announcement]) -> [SearchFields] {
        folded.withLock { fields in
            if let fields { return fields }
            let made = announcements.map(SearchFields.init)
            fields = made
            return made
        }
    }
}
