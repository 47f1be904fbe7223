// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Observation
import PetSpotDomain

/// The one list component: shows the store's announcements through a query,
/// as cards with loading / empty / error states. Home and Reports both compose it.
///
/// A new query (a filter, a search) never fetches: it is applied to the
/// store's last fetch, or, while a fetch is under way, to that fetch's answer
/// when it lands (a keystroke must not restart a long download). `reload()`
/// fetches again, and a fetch that another page started shows here too. Each
/// load supersedes the previous one: a late answer never overwrites a newer one.
@MainActor
@Observable
public final class AnnouncementCardsListViewModel {
    /// Exactly one of these at a time.
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded
        case empty
        case failed(message: String)
    }

    /// The query's results; a list formats the cards of the rows it shows.
    public private(set) var results = AnnouncementResults.none
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?
    public private(set) var query: AnnouncementListQuery

    /// Every result's card: for short lists (Home's five) and tests.
    public var cards: [AnnouncementCard] { results.cards }
    /// The announcements behind the results, in the same order (for the map, details…).
    public var announcements: [Announcement] { results.announcements }

    public var state: State {
        if isLoading { return .loading }
        if let errorMessage { return .failed(message: errorMessage) }
        if !hasLoaded { return .idle }
        return results.isEmpty ? .empty : .loaded
    }

    @ObservationIgnored private let store: AnnouncementStore
    /// The generation of the snapshot behind `cards`.
    @ObservationIgnored private var shownGeneration: Int?
    /// A fetch this list asked for is under way: a query change meanwhile waits for its answer.
    @ObservationIgnored private var isFetching = false
    @ObservationIgnored private var currentLoad: Task<Void, Never>?
    @ObservationIgnored private var loadGeneration = 0
    private var hasLoaded = false

    private enum Source {
        case current, refreshed
        case snapshot(AnnouncementSnapshot)
    }

    public init(store: AnnouncementStore, query: AnnouncementListQuery) {
        self.store = store
        self.query = query
        store.subscribe { [weak self] snapshot in self?.storeFetched(snapshot) }
    }

    /// Shows `query`'s results from the store's last fetch; the list's first
    /// display waits for the store's first fetch (joining one under way). A
    /// fetch this list is waiting for applies the newest query when it lands,
    /// and after a failed fetch the query waits for Retry: nothing is fetched.
    public func setQuery(_ query: AnnouncementListQuery) {
        self.query = query
        if isFetching || errorMessage != nil { return }
        if let latest = store.latest {
            startLoad(from: .snapshot(latest))
        } else {
            startLoad(from: .current)
        }
    }

    /// Fetches again with the current query (Retry, Refresh).
    public func reload() {
        startLoad(from: .refreshed)
    }

    /// Completes when the current load has finished (for tests and callers that chain).
    public func waitForCurrentLoad() async {
        await currentLoad?.value
    }

    /// Another page's fetch landed: show it too, once this list has shown something.
    private func storeFetched(_ snapshot: AnnouncementSnapshot) {
        guard hasLoaded, !isFetching, snapshot.generation != shownGeneration else { return }
        startLoad(from: .snapshot(snapshot))
    }

    private func startLoad(from source: Source) {
        currentLoad?.cancel()
        loadGeneration += 1
        let generation = loadGeneration
        if case .snapshot = source {
        } else {
            isLoading = true
            isFetching = true
            errorMessage = nil
        }
        currentLoad = Task { [store] in
            let snapshot: AnnouncementSnapshot
            switch source {
            case .snapshot(let given):
                snapshot = given
            case .current, .refreshed:
                let outcome = if case .current = source { await store.current() } else { await store.refresh() }
                guard generation == self.loadGeneration else { return }
                self.isFetching = false
                switch outcome {
                case .success(let fetched):
                    snapshot = fetched
                case .failure(let error):
                    // Still the current load, so nobody here cancelled it: even a
                    // `.cancelled` (AsyncHTTPClient reports some failures so) ends it.
                    self.finish(results: .none, error: error.userMessage)
                    return
                }
            }
            // Read only now: queries set while the fetch was under way waited for
            // it, and one set from here on starts a load of its own.
            let query = self.query
            let results = snapshot.isLarge ? await snapshot.present(query) : snapshot.presentInline(query)
            guard let results, generation == self.loadGeneration else { return }
            self.shownGeneration = snapshot.generation
            self.finish(results: results, error: nil)
        }
    }

    private func finish(results: AnnouncementResults, error: String?) {
        self.results = results
        errorMessage = error
        isLoading = false
        hasLoaded = true
    }
}
