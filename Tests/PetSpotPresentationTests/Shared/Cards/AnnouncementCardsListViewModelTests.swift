// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@MainActor
@Suite struct AnnouncementCardsListViewModelTests {
    let repository = FakeAnnouncementRepository()

    private func tenAnnouncements() -> [Announcement] {
        (0..<10).map { Fixtures.announcement("a\($0)", name: "Pet \($0)", minutes: Double($0)) }
    }

    @Test func givenTenAnnouncements_whenHomeQueryLoads_thenFiveNewestCardsInOrder() async {
        repository.answerLists(.success(tenAnnouncements().shuffled()))
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .home)

        viewModel.setQuery(.home)
        #expect(viewModel.state == .loading)
        await viewModel.waitForCurrentLoad()

        #expect(viewModel.state == .loaded)
        #expect(viewModel.cards.map(\.id) == ["a9", "a8", "a7", "a6", "a5"])
        #expect(viewModel.isLoading == false)
        #expect(viewModel.errorMessage == nil)
    }

    /// AsyncHTTPClient reports some failures of its own as a cancellation:
    /// nobody cancelled this load, so the list must not spin forever.
    @Test func givenALoadThatEndsCancelledByItself_thenAnErrorWithRetryNotASpinner() async {
        repository.answerLists(.failure(.cancelled))
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .home)
        viewModel.setQuery(.home)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.isLoading == false)
        #expect(viewModel.errorMessage == RepositoryError.cancelled.userMessage)
    }

    @Test func givenThreeAnnouncements_whenLoaded_thenThreeCards() async {
        repository.answerLists(.success(Array(tenAnnouncements().prefix(3))))
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .home)
        viewModel.setQuery(.home)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.cards.count == 3)
    }

    @Test func givenNoAnnouncements_whenLoaded_thenEmptyState() async {
        repository.answerLists(.success([]))
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .home)
        viewModel.setQuery(.home)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .empty)
        #expect(viewModel.cards.isEmpty)
    }

    @Test func givenServerDown_whenLoaded_thenErrorAndRetryRecovers() async {
        repository.answerLists(.failure(.unreachable), .success(tenAnnouncements()))
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .home)

        viewModel.setQuery(.home)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .failed(message: RepositoryError.unreachable.userMessage))
        #expect(viewModel.cards.isEmpty)

        viewModel.reload()
        #expect(viewModel.state == .loading, "retry shows loading, not the old error")
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .loaded)
        #expect(viewModel.cards.count == 5)
        #expect(repository.listCallCount == 2)
    }

    @Test func givenLoadedList_whenQueryChanges_thenItIsAppliedWithoutRefetching() async {
        repository.answerLists(.success(tenAnnouncements()))
        let viewModel = AnnouncementCardsListViewModel(
            store: AnnouncementStore(repository: repository), query: .fullList)
        viewModel.setQuery(.fullList)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.cards.count == 10)

        var oldestFirst = AnnouncementListQuery.fullList
        oldestFirst.sort = .oldest
        viewModel.setQuery(oldestFirst)
        await viewModel.waitForCurrentLoad()

        #expect(viewModel.cards.first?.id == "a0")
        #expect(repository.listCallCount == 1)
    }

    @Test func givenSlowFirstLoad_whenReloadedMeanwhile_thenTheLateAnswerIsIgnored() async {
        let stale = [Fixtures.announcement("stale", minutes: 1)]
        let fresh = [Fixtures.announcement("fresh", minutes: 2)]
        repository.answerLists(.success(stale), .success(fresh))
        repository.holdLists(true)
        let store = AnnouncementStore(repository: repository)
        let viewModel = AnnouncementCardsListViewModel(store: store, query: .fullList)

        viewModel.setQuery(.fullList)  // first call: held
        #expect(await eventually { repository.heldListCount == 1 })
        repository.holdLists(false)
        viewModel.reload()  // second call: answers at once
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.cards.map(\.id) == ["fresh"])
        #expect(store.answersLanded == 1)

        repository.releaseHeldLists()  // the superseded answer arrives late
        // The store has dealt with it on the main actor; had it handed it on,
        // this list would now be loading it, and the wait below would see it land.
        #expect(await eventually { store.answersLanded == 2 })
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.cards.map(\.id) == ["fresh"])
        #expect(store.latest?.announcements.map(\.id) == ["fresh"])
    }

    /// A keystroke in the search must not restart a long download: the query
    /// waits for the fetch under way and is applied to its answer.
    @Test func givenARefreshUnderWay_whenTheQueryChangesSeveralTimes_thenThatFetchAloneLandsInTheNewestQuery() async {
        let old = [Fixtures.announcement("old", minutes: 1)]
        let fresh = [
            Fixtures.announcement("rex", name: "Rex", status: .found, minutes: 2),
            Fixtures.announcement("luna", name: "Luna", minutes: 3),
            Fixtures.announcement("lucky", name: "Lucky", minutes: 4),
        ]
        repository.answerLists(.success(old), .success(fresh))
        let viewModel = AnnouncementCardsListViewModel(
            store: AnnouncementStore(repository: repository), query: .fullList)
        viewModel.setQuery(.fullList)
        await viewModel.waitForCurrentLoad()

        repository.holdLists(true)
        viewModel.reload()  // a refresh, held by the server
        #expect(await eventually { repository.heldListCount == 1 })
        repository.holdLists(false)  // a wrongly started fetch would answer at once
        var query = AnnouncementListQuery.fullList
        for text in ["l", "lu", "luc", "lu"] {  // the user types meanwhile
            query.searchText = text
            viewModel.setQuery(query)
        }
        query.statusFilter = .lost
        viewModel.setQuery(query)
        query.sort = .oldest
        viewModel.setQuery(query)
        #expect(viewModel.state == .loading)

        repository.releaseHeldLists()
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.cards.map(\.id) == ["luna", "lucky"], "the held answer, in the newest query")
        #expect(repository.listCallCount == 2, "one fetch for the refresh, none for the query")
        #expect(repository.cancelledListCount == 0, "the refresh was not thrown away")
    }

    @Test func givenAFailedReload_whenTheQueryChanges_thenItWaitsForRetryWithoutFetching() async {
        repository.answerLists(.success(tenAnnouncements()), .failure(.timedOut), .success([]))
        let viewModel = AnnouncementCardsListViewModel(
            store: AnnouncementStore(repository: repository), query: .fullList)
        viewModel.setQuery(.fullList)
        await viewModel.waitForCurrentLoad()
        viewModel.reload()
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .failed(message: RepositoryError.timedOut.userMessage))

        var lost = AnnouncementListQuery.fullList
        lost.statusFilter = .lost
        viewModel.setQuery(lost)
        await viewModel.waitForCurrentLoad()
        #expect(repository.listCallCount == 2)
        #expect(
            viewModel.state == .failed(message: RepositoryError.timedOut.userMessage),
            "not the stale list from before the failure")

        viewModel.reload()
        await viewModel.waitForCurrentLoad()
        #expect(repository.listCallCount == 3)
        #expect(viewModel.state == .empty)
        #expect(viewModel.query == lost)
    }

    @Test func cardsCarryDisplayStringsAndTheAccessibleSentence() async {
        let luna = Announcement(
            id: "luna", petName: "Luna", species: .cat, breed: "Maine Coon",
            coordinate: Coordinate(latitude: 52.23, longitude: 21.01)!,
            lastSeenDate: CalendarDay(year: 2025, month: 11, day: 15)!,
            status: .lost, createdAt: Date(timeIntervalSince1970: 1_763_200_000))
        let unnamed = Fixtures.announcement("x", name: nil, species: .cat, status: .found)
        let english = Locale(identifier: "en_GB")

        let withoutLocation = AnnouncementCard(luna, userLocation: nil, locale: english)
        #expect(withoutLocation.title == "Luna")
        #expect(withoutLocation.subtitle == "Cat · Maine Coon")
        #expect(withoutLocation.distanceText == nil)
        #expect(withoutLocation.accessibleName == "Luna, Cat, Lost, last seen 15 Nov 2025")

        let near = Coordinate(latitude: 52.25, longitude: 21.01)!
        let withLocation = AnnouncementCard(luna, userLocation: near, locale: english)
        #expect(withLocation.distanceText == "2.2 km away")
        #expect(withLocation.accessibleName.hasSuffix(", 2.2 km away"))

        #expect(AnnouncementCard(unnamed, userLocation: nil, locale: english).title == "Unnamed cat")
    }
}
