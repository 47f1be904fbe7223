import Foundation
import Testing
@testable import PetSpotPresentation
import PetSpotDomain
import PetSpotTestSupport

@MainActor
@Suite struct AnnouncementCardsListViewModelTests {
    let repository = FakeAnnouncementRepository()

    private func tenAnnouncements() -> [Announcement] {
        (0..<10).map { Fixtures.announcement("a\($0)", name: "Pet \($0)", minutes: Double($0)) }
    }

    @Test func givenTenAnnouncements_whenLandingQueryLoads_thenFiveNewestCardsInOrder() async {
        repository.answerLists(.success(tenAnnouncements().shuffled()))
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .landingPage)

        viewModel.setQuery(.landingPage)
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
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .landingPage)
        viewModel.setQuery(.landingPage)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.isLoading == false)
        #expect(viewModel.errorMessage == RepositoryError.cancelled.userMessage)
    }

    @Test func givenThreeAnnouncements_whenLoaded_thenThreeCards() async {
        repository.answerLists(.success(Array(tenAnnouncements().prefix(3))))
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .landingPage)
        viewModel.setQuery(.landingPage)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.cards.count == 3)
    }

    @Test func givenNoAnnouncements_whenLoaded_thenEmptyState() async {
        repository.answerLists(.success([]))
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .landingPage)
        viewModel.setQuery(.landingPage)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .empty)
        #expect(viewModel.cards.isEmpty)
    }

    @Test func givenServerDown_whenLoaded_thenErrorAndRetryRecovers() async {
        repository.answerLists(.failure(.unreachable), .success(tenAnnouncements()))
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .landingPage)

        viewModel.setQuery(.landingPage)
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
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .fullList)
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
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .fullList)

        viewModel.setQuery(.fullList)  // first call: held
        #expect(await eventually { repository.heldListCount == 1 })
        repository.holdLists(false)
        viewModel.reload()  // second call: answers at once
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.cards.map(\.id) == ["fresh"])

        repository.releaseHeldLists()  // the superseded answer arrives late
        await Task.yield()
        #expect(await eventually { repository.heldListCount == 0 })
        try? await Task.sleep(for: .milliseconds(50))  // give a wrongly applied answer time to land
        #expect(viewModel.cards.map(\.id) == ["fresh"])
    }

    @Test func givenAFetchUnderWay_whenTheQueryChanges_thenTheFetchStillLands() async {
        let old = [Fixtures.announcement("old", minutes: 1)]
        let fresh = [Fixtures.announcement("fresh", minutes: 2), Fixtures.announcement("fresh-2", minutes: 3)]
        repository.answerLists(.success(old), .success(fresh))
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .fullList)
        viewModel.setQuery(.fullList)
        await viewModel.waitForCurrentLoad()

        repository.holdLists(true)
        viewModel.reload()  // a refresh, held by the server
        #expect(await eventually { repository.heldListCount == 1 })
        var oldestFirst = AnnouncementListQuery.fullList
        oldestFirst.sort = .oldest
        repository.holdLists(false)
        viewModel.setQuery(oldestFirst)  // the user changes the sort meanwhile
        await viewModel.waitForCurrentLoad()

        #expect(viewModel.cards.map(\.id) == ["fresh", "fresh-2"], "fresh data, in the new order")
        repository.releaseHeldLists()
    }

    @Test func givenAFailedReload_whenTheQueryChanges_thenItFetchesAgain() async {
        repository.answerLists(.success(tenAnnouncements()), .failure(.timedOut), .success([]))
        let viewModel = AnnouncementCardsListViewModel(store: AnnouncementStore(repository: repository), query: .fullList)
        viewModel.setQuery(.fullList)
        await viewModel.waitForCurrentLoad()
        viewModel.reload()
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .failed(message: RepositoryError.timedOut.userMessage))

        var lost = AnnouncementListQuery.fullList
        lost.statusFilter = .lost
        viewModel.setQuery(lost)
        await viewModel.waitForCurrentLoad()
        #expect(repository.listCallCount == 3, "not the stale list from before the failure")
        #expect(viewModel.state == .empty)
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
