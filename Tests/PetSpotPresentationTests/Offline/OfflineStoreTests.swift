// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// The store, the pages and the details falling back to the offline cache
/// when the backend cannot be reached, and back to the backend when it answers.
@MainActor
@Suite struct OfflineStoreTests {
    let repository = FakeAnnouncementRepository()
    let cache = OfflineCache(
        backend: "http://127.0.0.1:3000",
        folder: FileManager.default.temporaryDirectory
            .appendingPathComponent("petspot-offline-store-\(UUID().uuidString)", isDirectory: true))
    let fetchedAt = Date(timeIntervalSinceReferenceDate: 815_000_000)
    let warsaw = Coordinate(latitude: 52.2297, longitude: 21.0122)!

    private func pets(_ ids: String...) -> [Announcement] {
        ids.enumerated().map { Fixtures.announcement($1, name: $1, minutes: Double($0)) }
    }

    /// What a previous run kept.
    private func cached(_ announcements: [Announcement]) async {
        cache.saveList(announcements, fetchedAt: fetchedAt)
        await cache.flush()
    }

    private func makeStore(userLocation: Coordinate? = nil) -> AnnouncementStore {
        AnnouncementStore(repository: repository, userLocation: userLocation, offlineCache: cache)
    }

    @Test func givenACachedList_whenTheBackendCannotBeReached_thenHomeAndReportsShowItMarkedOffline() async {
        await cached(pets("a", "b"))
        repository.answerLists(.failure(.unreachable))
        let store = makeStore()
        let home = HomeViewModel(store: store)
        let reports = ReportsViewModel(store: store)

        home.start()
        reports.start()
        await home.recentReports.waitForCurrentLoad()
        await reports.reports.waitForCurrentLoad()

        #expect(home.recentReports.state == .loaded)
        #expect(home.recentReports.cards.map(\.id) == ["b", "a"])
        #expect(reports.reports.cards.map(\.id) == ["b", "a"])
        #expect(home.offline.showingReportsFetchedAt == fetchedAt)
        #expect(reports.offline.isOffline)
    }

    @Test(arguments: [RepositoryError.timedOut, .badResponse("HTTP 502")])
    func aSlowOrBrokenBackendAlsoShowsTheCache(_ error: RepositoryError) async {
        await cached(pets("a"))
        repository.answerLists(.failure(error))
        let home = HomeViewModel(store: makeStore())
        home.start()
        await home.recentReports.waitForCurrentLoad()
        #expect(home.recentReports.cards.map(\.id) == ["a"])
        #expect(home.offline.isOffline)
    }

    @Test func givenNothingCached_whenTheBackendCannotBeReached_thenTheUsualErrorShows() async {
        repository.answerLists(.failure(.unreachable))
        let home = HomeViewModel(store: makeStore())
        home.start()
        await home.recentReports.waitForCurrentLoad()
        #expect(home.recentReports.state == .failed(message: RepositoryError.unreachable.userMessage))
        #expect(home.offline.isOffline == false)
    }

    @Test func givenOffline_whenTheBackendAnswersARetry_thenFreshReportsReplaceTheCacheAndTheBannerGoes() async {
        await cached(pets("a", "b"))
        repository.answerLists(.failure(.unreachable), .success(pets("a", "b", "c")))
        let store = makeStore()
        let home = HomeViewModel(store: store)
        let reports = ReportsViewModel(store: store)
        home.start()
        reports.start()
        await home.recentReports.waitForCurrentLoad()
        await reports.reports.waitForCurrentLoad()
        #expect(home.offline.isOffline)

        home.reload()
        await home.recentReports.waitForCurrentLoad()

        #expect(home.recentReports.cards.map(\.id) == ["c", "b", "a"])
        #expect(await eventually { reports.reports.cards.map(\.id) == ["c", "b", "a"] }, "every list follows")
        #expect(home.offline.isOffline == false)
        #expect(home.offline.bannerText() == nil)
        await cache.flush()
        #expect(cache.cachedList()?.announcements.map(\.id) == ["a", "b", "c"], "the fresh list is kept")
    }

    @Test func eachSuccessfulListIsKeptWithTheTimeItWasFetched() async throws {
        repository.answerLists(.success(pets("a")))
        let before = Date()
        let store = makeStore()
        _ = await store.current()
        await cache.flush()

        let kept = try #require(cache.cachedList())
        #expect(kept.announcements.map(\.id) == ["a"])
        #expect(kept.fetchedAt >= before && kept.fetchedAt <= Date())
        #expect(store.offline.isOffline == false)
    }

    @Test func aMissingReportOrACancelledFetchIsNotOffline() {
        #expect(RepositoryError.notFound.isWorthTheOfflineCache == false)
        #expect(RepositoryError.cancelled.isWorthTheOfflineCache == false)
        #expect(RepositoryError.unreachable.isWorthTheOfflineCache)
        #expect(RepositoryError.listTooLarge(limitBytes: 1_000).isWorthTheOfflineCache, "the kept list beats none")
    }

    // MARK: The map

    @Test func givenOffline_theMapShowsTheCachedReportsInItsRegion_andTheBackendsWhenItAnswers() async {
        let near = Fixtures.announcement("near", name: "near", latitude: 52.23, longitude: 21.01)
        let far = Fixtures.announcement("far", name: "far", latitude: 50.06, longitude: 19.94)  // Kraków
        await cached([near, far])
        repository.answerLists(.failure(.unreachable))
        let store = makeStore(userLocation: warsaw)
        let map = MapViewModel(store: store, locale: Locale(identifier: "en_GB"))

        map.start()
        await map.waitForCurrentLoad()

        #expect(map.pins.map(\.id) == ["near"])
        #expect(map.errorMessage == nil)
        #expect(map.offline.showingReportsFetchedAt == fetchedAt)

        // The backend answers the next region: the list is fetched again, the
        // banner goes, and the map asks for its region once more.
        let fresh = Fixtures.announcement("new", name: "new", latitude: 52.24, longitude: 21.02)
        repository.answerLists(.success([near, fresh]))
        map.retry()
        #expect(await eventually { !store.offline.isOffline })
        #expect(await eventually { store.latest?.announcements.map(\.id) == ["near", "new"] })
        await map.waitForCurrentLoad()
        #expect(Set(map.pins.map(\.id)) == ["near", "new"])
    }

    @Test func givenTheBackendsReports_aFailedAreaKeepsThePinsAndSaysSo_ratherThanTheCache() async {
        let near = Fixtures.announcement("near", name: "near", latitude: 52.23, longitude: 21.01)
        await cached([Fixtures.announcement("old", name: "old", latitude: 52.23, longitude: 21.01)])
        repository.answerLists(.success([near]), .success([near]), .failure(.unreachable))
        let store = makeStore(userLocation: warsaw)
        _ = await store.current()
        let map = MapViewModel(store: store, locale: Locale(identifier: "en_GB"))
        map.start()
        await map.waitForCurrentLoad()
        #expect(map.pins.map(\.id) == ["near"])

        map.refresh()
        await map.waitForCurrentLoad()

        #expect(map.errorMessage == RepositoryError.unreachable.userMessage)
        #expect(map.pins.map(\.id) == ["near"])
        #expect(store.offline.isOffline == false)
    }

    // MARK: Details

    @Test func detailsShownBeforeAreShownOffline_andAReportNeverSeenIsTheUsualError() async throws {
        var luna = Fixtures.announcement("luna", name: "Luna")
        luna.description = "Fresh from the details endpoint"
        repository.answerDetail("luna", .success(luna))
        let details = OfflineDetailsRepository(repository, cache: cache)
        #expect(try await details.announcement(id: "luna") == luna)
        await cache.flush()

        repository.answerDetail("luna", .failure(.unreachable))
        repository.answerDetail("rex", .failure(.unreachable))
        #expect(try await details.announcement(id: "luna") == luna)
        await #expect(throws: RepositoryError.unreachable) { try await details.announcement(id: "rex") }

        // Gone from the backend: that is not offline.
        repository.answerDetail("luna", .failure(.notFound))
        await #expect(throws: RepositoryError.notFound) { try await details.announcement(id: "luna") }
    }

    @Test func detailsNeverOpenedComeFromTheCachedListOffline() async throws {
        await cached(pets("a", "b"))
        repository.answerDetail("b", .failure(.timedOut))
        let details = OfflineDetailsRepository(repository, cache: cache)
        #expect(try await details.announcement(id: "b").id == "b")
    }

    // MARK: The banner's text

    @Test func theBannerSaysTheTimeToday_andTheDayToo_whenTheListIsOlder() {
        let london = TimeZone(identifier: "Europe/London")!
        let locale = Locale(identifier: "en_GB")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = london
        let fetched = calendar.date(from: DateComponents(year: 2026, month: 11, day: 26, hour: 14, minute: 5))!
        let sameDay = calendar.date(from: DateComponents(year: 2026, month: 11, day: 26, hour: 18))!
        let nextDay = calendar.date(from: DateComponents(year: 2026, month: 11, day: 27, hour: 9))!

        #expect(
            OfflineStatus.bannerText(fetchedAt: fetched, now: sameDay, locale: locale, timeZone: london)
                == "Offline — showing reports from 14:05")
        let older = OfflineStatus.bannerText(fetchedAt: fetched, now: nextDay, locale: locale, timeZone: london)
        #expect(older.hasPrefix("Offline — showing reports from "))
        #expect(older.contains("26") && older.contains("Nov") && older.contains("14:05"), "\(older)")
    }
}
