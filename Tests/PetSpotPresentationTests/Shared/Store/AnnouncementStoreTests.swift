// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@MainActor
@Suite struct AnnouncementStoreTests {
    let repository = FakeAnnouncementRepository()

    private func pets(_ ids: String...) -> [Announcement] {
        ids.enumerated().map { Fixtures.announcement($1, name: $1, minutes: Double($0)) }
    }

    @Test func givenHomeAndReports_whenBothStart_thenOneFetchFeedsBoth() async {
        repository.answerLists(.success(pets("a", "b")))
        let store = AnnouncementStore(repository: repository)
        let home = HomeViewModel(store: store)
        let reports = ReportsViewModel(store: store)

        home.start()
        reports.start()
        await home.recentReports.waitForCurrentLoad()
        await reports.reports.waitForCurrentLoad()

        #expect(repository.listCallCount == 1)
        #expect(home.recentReports.cards.map(\.id) == ["b", "a"])
        #expect(reports.reports.cards.map(\.id) == ["b", "a"])
    }

    @Test func givenAPrefetchAtLaunch_whenHomeStartsLater_thenItShowsThatFetchWithoutAnother() async {
        repository.answerLists(.success(pets("a", "b")), .success(pets("c")))
        let store = AnnouncementStore(repository: repository)
        store.prefetch()
        store.prefetch()  // one fetch under way is enough
        #expect(await eventually { store.latest != nil })
        store.prefetch()  // and with data there, nothing more

        let home = HomeViewModel(store: store)
        home.start()
        await home.recentReports.waitForCurrentLoad()

        #expect(repository.listCallCount == 1)
        #expect(home.recentReports.cards.map(\.id) == ["b", "a"])
    }

    @Test func cardsAreFormattedForTheRowsAListShowsAndKeptForTheNextQuery() async throws {
        repository.answerLists(.success(pets("a", "b", "c", "d", "e", "f", "g", "h", "i", "j")))
        let store = AnnouncementStore(repository: repository)
        let home = HomeViewModel(store: store)
        home.start()
        await home.recentReports.waitForCurrentLoad()
        let snapshot = try #require(store.latest)
        #expect(snapshot.formattedCards.count == 0, "a query formats nothing by itself")
        let homeCards = home.recentReports.cards
        #expect(snapshot.formattedCards.count == 5, "Home shows five reports")

        let reports = ReportsViewModel(store: store)
        reports.start()
        await reports.reports.waitForCurrentLoad()
        let results = reports.reports.results
        #expect((0..<results.count).map(results.id(at:)) == ["j", "i", "h", "g", "f", "e", "d", "c", "b", "a"])
        #expect(snapshot.formattedCards.count == 5, "the Reports list formats its rows when it shows them")
        #expect(results.card(at: 9).id == "a")
        #expect(snapshot.formattedCards.count == 6)
        #expect(results.card(at: 0) == homeCards[0], "the same card, reused")
        #expect(snapshot.formattedCards.count == 6)
    }

    @Test func givenBothPagesLoaded_whenHomeRefreshes_thenReportsShowsTheNewDataToo() async {
        repository.answerLists(.success(pets("old")), .success(pets("old", "new")))
        let store = AnnouncementStore(repository: repository)
        let home = HomeViewModel(store: store)
        let reports = ReportsViewModel(store: store)
        home.start()
        await home.recentReports.waitForCurrentLoad()
        reports.start()
        await reports.reports.waitForCurrentLoad()
        #expect(reports.reports.cards.map(\.id) == ["old"])

        home.reload()
        await home.recentReports.waitForCurrentLoad()

        #expect(await eventually { reports.reports.cards.map(\.id) == ["new", "old"] })
        #expect(repository.listCallCount == 2, "Reports did not fetch on its own")
        #expect(store.latest?.generation == 2)
    }

    @Test func givenAFetchUnderWay_whenANewerOneLands_thenTheLateAnswerIsDropped() async {
        repository.answerLists(.success(pets("stale")), .success(pets("fresh")))
        repository.holdLists(true)
        let store = AnnouncementStore(repository: repository)

        let first = Task { await store.refresh() }
        #expect(await eventually { repository.heldListCount == 1 })
        repository.holdLists(false)
        let second = await store.refresh()
        repository.releaseHeldLists()
        let firstOutcome = await first.value

        #expect((try? second.get())?.announcements.map(\.id) == ["fresh"])
        #expect((try? firstOutcome.get())?.announcements.map(\.id) == ["fresh"], "a waiter gets the newest outcome")
        #expect(store.latest?.announcements.map(\.id) == ["fresh"])
        #expect(store.latest?.generation == 1, "the superseded fetch never counted")
    }

    @Test func givenLoadedData_whenARefreshFails_thenTheLastGoodSnapshotStays() async {
        repository.answerLists(.success(pets("kept")), .failure(.unreachable))
        let store = AnnouncementStore(repository: repository)
        _ = await store.current()

        let outcome = await store.refresh()

        #expect(throws: RepositoryError.unreachable) { try outcome.get() }
        #expect(store.latest?.announcements.map(\.id) == ["kept"])
        #expect(!store.isFetching)
    }

    @Test func givenAFirstFetchFailed_whenAskedAgain_thenItFetchesAgain() async {
        repository.answerLists(.failure(.timedOut), .success(pets("back")))
        let store = AnnouncementStore(repository: repository)
        let failed = await store.current()
        #expect(throws: RepositoryError.timedOut) { try failed.get() }

        let outcome = await store.current()

        #expect((try? outcome.get())?.announcements.map(\.id) == ["back"])
        #expect(repository.listCallCount == 2)
    }

    @Test func cardsAreFormattedWithTheStoresLocationForEveryPage() async throws {
        repository.answerLists(
            .success([Fixtures.announcement("near", name: "Near", latitude: 52.25, longitude: 21.01)]))
        let user = try #require(Coordinate(latitude: 52.23, longitude: 21.01))
        let store = AnnouncementStore(repository: repository, userLocation: user, locale: Locale(identifier: "en_GB"))
        let home = HomeViewModel(store: store)
        home.start()
        await home.recentReports.waitForCurrentLoad()
        #expect(home.recentReports.cards.first?.distanceText == "2.2 km away")
        #expect(ReportsViewModel(store: store).availableSorts.contains(.nearest))
    }
}
