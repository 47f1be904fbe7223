import Foundation
import Observation

/// The one list component: loads announcements, applies a query, and exposes
/// cards with loading / empty / error states. Home and Reports both compose it.
///
/// The fetched announcements are kept, so a new query (a filter, a search) is
/// applied to them without a round trip; `reload()` always fetches again. Each
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

    public private(set) var cards: [AnnouncementCard] = []
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?
    public private(set) var query: AnnouncementListQuery
    /// The announcements behind `cards`, in the same order (for the map, details…).
    public private(set) var announcements: [Announcement] = []

    public var state: State {
        if isLoading { return .loading }
        if let errorMessage { return .failed(message: errorMessage) }
        if !hasLoaded { return .idle }
        return cards.isEmpty ? .empty : .loaded
    }

    @ObservationIgnored private let repository: any AnnouncementRepository
    /// The last successful fetch, with each announcement's card (built once per
    /// fetch: cards do not depend on the query, only on location and locale).
    @ObservationIgnored private var fetched: FetchedAnnouncements?
    /// A fetch is under way: a query change meanwhile must not drop it.
    @ObservationIgnored private var isFetching = false
    @ObservationIgnored private var currentLoad: Task<Void, Never>?
    @ObservationIgnored private var loadGeneration = 0
    private var hasLoaded = false
    @ObservationIgnored private let locale: Locale

    public init(repository: any AnnouncementRepository, query: AnnouncementListQuery, locale: Locale = .current) {
        self.repository = repository
        self.query = query
        self.locale = locale
    }

    /// Shows `query`'s results: from the announcements already fetched when
    /// they are current, else from a fresh fetch (none yet, one under way, or
    /// the last one failed).
    public func setQuery(_ query: AnnouncementListQuery) {
        self.query = query
        startLoad(refetch: fetched == nil || isFetching || errorMessage != nil)
    }

    /// Fetches again with the current query (Retry, Refresh).
    public func reload() {
        startLoad(refetch: true)
    }

    /// Completes when the current load has finished (for tests and callers that chain).
    public func waitForCurrentLoad() async {
        await currentLoad?.value
    }

    private func startLoad(refetch: Bool) {
        currentLoad?.cancel()
        loadGeneration += 1
        let generation = loadGeneration
        let query = self.query
        let locale = self.locale
        let reusable = refetch ? nil : fetched
        if reusable == nil {
            isLoading = true
            isFetching = true
            errorMessage = nil
        }
        currentLoad = Task { [repository] in
            let source: FetchedAnnouncements
            if let reusable {
                source = reusable
            } else {
                do throws(RepositoryError) {
                    let announcements = try await repository.announcements(in: nil)
                    source = await FetchedAnnouncements.make(announcements, query: query, locale: locale)
                } catch {
                    guard generation == self.loadGeneration, error != .cancelled else { return }
                    self.isFetching = false
                    self.finish(announcements: [], cards: [], error: error.userMessage)
                    return
                }
            }
            // Filtering and sorting thousands of items stays off the main thread.
            guard let (matching, cards) = await source.present(query) else { return }
            guard generation == self.loadGeneration else { return }
            self.fetched = source
            self.isFetching = false
            self.finish(announcements: matching, cards: cards, error: nil)
        }
    }

    private func finish(announcements: [Announcement], cards: [AnnouncementCard], error: String?) {
        self.announcements = announcements
        self.cards = cards
        errorMessage = error
        isLoading = false
        hasLoaded = true
    }
}

/// One fetch's announcements and their cards, keyed by id.
private struct FetchedAnnouncements: Sendable {
    let announcements: [Announcement]
    let cards: [String: AnnouncementCard]

    @concurrent
    static func make(_ announcements: [Announcement], query: AnnouncementListQuery, locale: Locale) async -> Self {
        var cards: [String: AnnouncementCard] = [:]
        cards.reserveCapacity(announcements.count)
        for announcement in announcements {
            cards[announcement.id] = AnnouncementCard(announcement, userLocation: query.userLocation, locale: locale)
        }
        return FetchedAnnouncements(announcements: announcements, cards: cards)
    }

    /// The query's results and their cards; nil when the load was superseded.
    @concurrent
    func present(_ query: AnnouncementListQuery) async -> ([Announcement], [AnnouncementCard])? {
        let matching = query.apply(to: announcements)
        if Task.isCancelled { return nil }
        return (matching, matching.compactMap { cards[$0.id] })
    }
}
