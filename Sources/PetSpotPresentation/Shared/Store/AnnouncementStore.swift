// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// One backend's announcements, fetched once and shared by every page that
/// lists them: Home and Reports show the same fetch, formatted once.
///
/// Each successful fetch gets the next `generation` and is handed to every
/// subscriber, so a Refresh on one page refreshes them all. A newer fetch
/// supersedes (cancels) the one under way, and a late answer never replaces a
/// newer one.
///
/// With an offline cache, each successful list is kept on disk, and when the
/// backend cannot be reached the last one kept is shown instead, marked in
/// `offline` with the time it was fetched, until the backend answers again.
@MainActor
public final class AnnouncementStore {
    public typealias Outcome = Result<AnnouncementSnapshot, RepositoryError>

    /// For distances and the Nearest sort; it may arrive after the reports.
    public let location: UserLocation
    /// The location now; nil while unknown.
    public var userLocation: Coordinate? { location.coordinate }
    /// The last successful fetch.
    public private(set) var latest: AnnouncementSnapshot?
    public var isFetching: Bool { fetch != nil }
    /// Whether the reports shown come from the offline cache, and from when.
    public let offline = OfflineStatus()

    private let repository: any AnnouncementRepository
    private let offlineCache: OfflineCache?
    private let locale: Locale
    private var fetch: Task<Void, Never>?
    private var fetchesStarted = 0
    /// Every fetch's answer that came back, used or superseded: a test waits on
    /// it to know a late answer has been dealt with.
    private(set) var answersLanded = 0
    private var generation = 0
    private var waiting: [CheckedContinuation<Outcome, Never>] = []
    private var subscribers: [@MainActor (AnnouncementSnapshot) -> Void] = []
    private var reportListeners: [@MainActor (Announcement) -> Void] = []
    private var fetchListeners: [@MainActor () -> Void] = []
    /// Which subscription each of `subscribers` is, in the same order.
    private var subscriptionIDs: [Int] = []
    private var subscriptionsMade = 0
    /// Reports inserted while a fetch was under way: that fetch may have
    /// left the server before they existed, so they are merged into its answer.
    private var insertedDuringFetch: [Announcement] = []

    public convenience init(
        repository: any AnnouncementRepository, userLocation: Coordinate? = nil, locale: Locale = Localization.locale,
        offlineCache: OfflineCache? = nil
    ) {
        self.init(
            repository: repository, location: UserLocation(userLocation), locale: locale, offlineCache: offlineCache)
    }

    public init(
        repository: any AnnouncementRepository, location: UserLocation, locale: Locale = Localization.locale,
        offlineCache: OfflineCache? = nil
    ) {
        self.repository = repository
        self.location = location
        self.locale = locale
        self.offlineCache = offlineCache
        location.onChange { [weak self] _ in self?.locationChanged() }
    }

    /// The announcements as they are: the last fetch, else the fetch under
    /// way, else a new one.
    public func current() async -> Outcome {
        if let latest { return .success(latest) }
        if fetch == nil { startFetch() }
        return await nextOutcome()
    }

    /// Fetches again (Refresh, Retry), superseding any fetch under way; the
    /// outcome is the newest fetch's.
    public func refresh() async -> Outcome {
        startFetch()
        return await nextOutcome()
    }

    /// The announcements within `region` (the map's visible area), straight
    /// from the repository: each gesture asks for a different region, so the
    /// answer is neither cached nor handed to subscribers.
    /// Offline (the pages show the cache, or nothing was fetched yet), the
    /// cached reports within `region` instead, and the first answer after that
    /// fetches the whole list again (the cache's time goes). A region that
    /// fails while the pages show the backend's reports stays a failure: the
    /// map keeps its pins and says so.
    public func announcements(in region: SearchRegion) async throws(RepositoryError) -> [Announcement] {
        do throws(RepositoryError) {
            let answer = try await repository.announcements(in: region)
            if offline.isOffline, fetch == nil { startFetch() }
            return answer
        } catch {
            guard offline.isOffline || latest == nil, let offlineCache, error.isWorthTheOfflineCache,
                let cached = await Self.readList(from: offlineCache)
            else { throw error }
            offline.showingCache(fetchedAt: cached.fetchedAt)
            return await Self.filter(cached.announcements, within: region)
        }
    }

    @concurrent
    private nonisolated static func readList(from cache: OfflineCache) async -> CachedReportList? {
        cache.cachedList()
    }

    @concurrent
    private nonisolated static func filter(
        _ announcements: [Announcement], within region: SearchRegion
    ) async -> [Announcement] {
        let range = Double(region.rangeKilometres)
        return announcements.filter { $0.coordinate.distance(to: region.centre) <= range }
    }

    /// Fetches one report again (its photo was just added) and shows it as
    /// stored now in every list; nil when it could not be fetched.
    public func refetch(id: String) async -> Announcement? {
        guard let fresh = try? await repository.announcement(id: id) else { return nil }
        await insert(fresh)
        return fresh
    }

    /// A report this app has just created or changed (a photo added): it joins
    /// the last fetch as a new generation, so every list shows it at once,
    /// through its own query (a Found report stays out of a Lost filter), as
    /// one inserted (or replaced) row rather than a new list. Nothing is
    /// fetched. The list is copied off the main thread (100 000 reports take
    /// 10-20 ms to copy). Before any fetch has landed there is nothing to
    /// join: the fetch under way, or the next one, brings it.
    public func insert(_ announcement: Announcement) async {
        for listener in reportListeners { listener(announcement) }
        if fetch != nil { insertedDuringFetch.append(announcement) }
        while let base = latest {
            let merged = await Self.merging(announcement, into: base.announcements)
            // A fetch or a location that landed meanwhile made a newer
            // snapshot: merge into that one instead.
            guard latest?.generation == base.generation else { continue }
            generation += 1
            let cards =
                merged.replaced
                ? base.formattedCards.copy(forgetting: announcement.id) : base.formattedCards
            let snapshot = AnnouncementSnapshot(
                generation: generation, announcements: merged.announcements, formattedCards: cards)
            latest = snapshot
            for subscriber in subscribers { subscriber(snapshot) }
            return
        }
    }

    /// `announcements` with `announcement` in place of the one with its id, or added at the end.
    @concurrent
    private nonisolated static func merging(
        _ announcement: Announcement, into announcements: [Announcement]
    ) async -> (announcements: [Announcement], replaced: Bool) {
        var merged = announcements
        if let index = merged.firstIndex(where: { $0.id == announcement.id }) {
            merged[index] = announcement
            return (merged, true)
        }
        merged.append(announcement)
        return (merged, false)
    }

    /// `handler` receives every newer snapshot, whichever page asked for it,
    /// until `unsubscribe` with what this returns (a window that comes and goes).
    @discardableResult
    public func subscribe(_ handler: @escaping @MainActor (AnnouncementSnapshot) -> Void) -> Int {
        subscriptionsMade += 1
        subscribers.append(handler)
        subscriptionIDs.append(subscriptionsMade)
        return subscriptionsMade
    }

    /// `handler` receives each report `insert` brings (one this app created
    /// or changed), for a page whose reports are not the store's list: the
    /// map asks for each region on its own.
    public func onReportChanged(_ handler: @escaping @MainActor (Announcement) -> Void) {
        reportListeners.append(handler)
    }

    /// `handler` runs after each fetch the backend answered: the backend is
    /// reachable again, so reports waiting to be sent can go now.
    public func onFetchSucceeded(_ handler: @escaping @MainActor () -> Void) {
        fetchListeners.append(handler)
    }

    public func unsubscribe(_ subscription: Int) {
        guard let index = subscriptionIDs.firstIndex(of: subscription) else { return }
        subscribers.remove(at: index)
        subscriptionIDs.remove(at: index)
    }

    /// The location arrived (or moved): the last fetch again, with cards that
    /// say how far away each report is, as a new generation for every list.
    /// Nothing is fetched again; a fetch under way lands with the new location.
    private func locationChanged() {
        guard let latest else { return }
        generation += 1
        let snapshot = AnnouncementSnapshot(
            generation: generation, announcements: latest.announcements,
            formattedCards: FormattedCards(userLocation: userLocation, locale: locale))
        self.latest = snapshot
        for subscriber in subscribers { subscriber(snapshot) }
    }

    private func nextOutcome() async -> Outcome {
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Starts the first fetch now, if nothing has been fetched or asked for:
    /// at launch, so the answer can arrive while GTK starts up.
    public func prefetch() {
        if latest == nil, fetch == nil { startFetch() }
    }

    private func startFetch() {
        fetch?.cancel()
        fetchesStarted += 1
        let number = fetchesStarted
        // The request and the decoding start at once on the global executor:
        // they need no main-loop iteration, so a fetch started before the main
        // loop runs (`prefetch`) makes progress while GTK starts up.
        let work = Task.detached { [repository, offlineCache] in await Self.fetchAll(repository, cache: offlineCache) }
        fetch = Task {
            let outcome = await withTaskCancellationHandler {
                await work.value
            } onCancel: {
                work.cancel()
            }
            self.land(outcome, fetchNumber: number)
        }
    }

    /// A list fetch's answer: the backend's, else (it could not be reached)
    /// the offline cache's, else the failure.
    private enum FetchAnswer: Sendable {
        case fetched([Announcement])
        case cached(CachedReportList)
        case failed(RepositoryError)
    }

    private nonisolated static func fetchAll(
        _ repository: any AnnouncementRepository, cache: OfflineCache?
    ) async -> FetchAnswer {
        do throws(RepositoryError) {
            let fetched = try await repository.announcements(in: nil)
            // Written off this fetch's path, in order: the list shows without waiting for the disk.
            cache?.saveList(fetched, fetchedAt: Date())
            return .fetched(fetched)
        } catch {
            guard let cache, error.isWorthTheOfflineCache, !Task.isCancelled, let cached = cache.cachedList() else {
                return .failed(error)
            }
            return .cached(cached)
        }
    }

    private func land(_ answer: FetchAnswer, fetchNumber: Int) {
        answersLanded += 1
        guard fetchNumber == fetchesStarted else { return }  // superseded by a newer fetch
        fetch = nil
        let outcome: Result<[Announcement], RepositoryError>
        switch answer {
        case .fetched(let announcements):
            outcome = .success(announcements)
            offline.backendAnswered()
        case .cached(let cached):
            outcome = .success(cached.announcements)
            offline.showingCache(fetchedAt: cached.fetchedAt)
        case .failed(let error):
            outcome = .failure(error)
        }
        let inserted = insertedDuringFetch
        insertedDuringFetch = []
        let delivered = outcome.map { fetched in
            var announcements = fetched
            // Rare (a report created while a fetch was under way): a scan on the main thread is fine.
            for announcement in inserted {
                if let index = announcements.firstIndex(where: { $0.id == announcement.id }) {
                    announcements[index] = announcement
                } else {
                    announcements.append(announcement)
                }
            }
            generation += 1
            return AnnouncementSnapshot(
                generation: generation, announcements: announcements,
                formattedCards: FormattedCards(userLocation: userLocation, locale: locale))
        }
        if case .success(let snapshot) = delivered {
            latest = snapshot
            for subscriber in subscribers { subscriber(snapshot) }
            // The cache shown offline is no answer from the backend.
            if case .fetched = answer { for listener in fetchListeners { listener() } }
        }
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume(returning: delivered) }
    }
}
