import Foundation
import Observation
import PetSpotDomain

/// The one list component: shows the store's announcements through a query,
/// as cards with loading / empty / error states. Home and Reports both compose it.
///
/// A new query (a filter, a search) is applied to the store's last fetch
/// without a round trip; `reload()` fetches again, and a fetch that another
/// page started shows here too. Each load supersedes the previous one: a late
/// answer never overwrites a newer one.
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
    /// A fetch this list asked for is under way: a query change meanwhile must not drop it.
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

    /// Shows `query`'s results: from the store's last fetch when this list is
    /// current, else from a fresh fetch (one under way, or the last one failed).
    public func setQuery(_ query: AnnouncementListQuery) {
        self.query = query
        if isFetching || errorMessage != nil {
            startLoad(from: .refreshed)
        } else if let latest = store.latest {
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
        let query = self.query
        if case .snapshot = source {} else {
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
                switch outcome {
                case .success(let fetched):
                    snapshot = fetched
                case .failure(let error):
                    // Still the current load, so nobody here cancelled it: even a
                    // `.cancelled` (AsyncHTTPClient reports some failures so) ends it.
                    self.isFetching = false
                    self.finish(results: .none, error: error.userMessage)
                    return
                }
            }
            let results = snapshot.isLarge ? await snapshot.present(query) : snapshot.presentInline(query)
            guard let results, generation == self.loadGeneration else { return }
            self.isFetching = false
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
