import Foundation
import Testing
@testable import PetSpotPresentation
import PetSpotDomain
import PetSpotTestSupport

@MainActor
@Suite struct ReportsPageViewModelTests {
    let repository = FakeAnnouncementRepository()

    private func mixed() -> [Announcement] {
        [
            Fixtures.announcement("lost-1", name: "Luna", species: .cat, status: .lost, minutes: 1),
            Fixtures.announcement("found-1", name: "Rex", status: .found, minutes: 2),
            Fixtures.announcement("closed-1", name: "Kiwi", species: .bird, status: .closed, minutes: 3),
            Fixtures.announcement("lost-2", name: "Łatka", breed: "Beagle", status: .lost, minutes: 4),
        ]
    }

    @Test func givenMixedStatuses_whenFilterChanges_thenOnlyMatchingCards() async {
        repository.answerLists(.success(mixed()))
        let viewModel = ReportsPageViewModel(store: AnnouncementStore(repository: repository))
        viewModel.start()
        await viewModel.reports.waitForCurrentLoad()
        #expect(viewModel.reports.cards.count == 4)

        viewModel.setStatusFilter(.lost)
        await viewModel.reports.waitForCurrentLoad()
        #expect(viewModel.reports.cards.map(\.id) == ["lost-2", "lost-1"])

        viewModel.setStatusFilter(.found)
        await viewModel.reports.waitForCurrentLoad()
        #expect(viewModel.reports.cards.map(\.id) == ["found-1"])
        #expect(repository.listCallCount == 1, "filtering reuses the fetched list")
    }

    @Test func givenLoadedList_whenSearching_thenNameOrBreedMatches() async {
        repository.answerLists(.success(mixed()))
        let viewModel = ReportsPageViewModel(store: AnnouncementStore(repository: repository))
        viewModel.start()
        await viewModel.reports.waitForCurrentLoad()

        viewModel.setSearchText("latka")
        await viewModel.reports.waitForCurrentLoad()
        #expect(viewModel.reports.cards.map(\.id) == ["lost-2"])

        viewModel.setSearchText("beag")
        await viewModel.reports.waitForCurrentLoad()
        #expect(viewModel.reports.cards.map(\.id) == ["lost-2"])
    }

    /// Typing while the first (long) download is under way must not start it again.
    @Test func givenTheFirstLoadUnderWay_whenTyping_thenOneFetchLandsWithTheLastSearch() async {
        repository.answerLists(.success(mixed()))
        repository.holdLists(true)
        let viewModel = ReportsPageViewModel(store: AnnouncementStore(repository: repository))
        viewModel.start()
        #expect(await eventually { repository.heldListCount == 1 })
        repository.holdLists(false)  // a wrongly started fetch would answer at once
        for text in ["b", "be", "bea", "beag"] { viewModel.setSearchText(text) }
        viewModel.setStatusFilter(.lost)
        viewModel.setSort(.oldest)
        #expect(viewModel.reports.state == .loading)

        repository.releaseHeldLists()
        await viewModel.reports.waitForCurrentLoad()
        #expect(viewModel.reports.cards.map(\.id) == ["lost-2"])
        #expect(repository.listCallCount == 1)
        #expect(repository.cancelledListCount == 0)
    }

    @Test func nearestSortIsOfferedOnlyWithALocation() {
        let without = ReportsPageViewModel(store: AnnouncementStore(repository: repository))
        #expect(!without.availableSorts.contains(.nearest))
        without.setSort(.nearest)
        #expect(without.sort == .newest)

        let with = ReportsPageViewModel(store: AnnouncementStore(
            repository: repository, userLocation: Coordinate(latitude: 52, longitude: 21)))
        #expect(with.availableSorts.contains(.nearest))
        with.setSort(.nearest)
        #expect(with.sort == .nearest)
    }

    @Test func landingPageLoadsOnceOnStartAndReloadsOnDemand() async {
        repository.answerLists(.success(mixed()))
        let viewModel = LandingPageViewModel(store: AnnouncementStore(repository: repository))
        viewModel.start()
        await viewModel.recentReports.waitForCurrentLoad()
        viewModel.start()
        await viewModel.recentReports.waitForCurrentLoad()
        #expect(repository.listCallCount == 1)
        viewModel.reload()
        await viewModel.recentReports.waitForCurrentLoad()
        #expect(repository.listCallCount == 2)
    }
}

@MainActor
@Suite struct PetDetailsViewModelTests {
    let repository = FakeAnnouncementRepository()

    @Test func givenAnAnnouncement_whenLoaded_thenDetailsAreShown() async {
        var luna = Fixtures.announcement("luna", name: "Luna", species: .cat)
        luna.reward = "500 PLN"
        luna.microchipNumber = "616093900012345"
        luna.phone = "+48 555-PETS"
        luna.email = "anna@example.org"
        repository.answerDetail("luna", .success(luna))
        let viewModel = PetDetailsViewModel(repository: repository, userLocation: nil)

        viewModel.load(id: "luna")
        #expect(viewModel.state == .loading)
        await viewModel.waitForCurrentLoad()

        guard case .loaded(let details) = viewModel.state else {
            Issue.record("expected details, got \(viewModel.state)")
            return
        }
        #expect(details.title == "Luna")
        #expect(details.reward == "500 PLN")
        #expect(details.microchipNumber == "616093900012345")
        #expect(details.phoneURI == "tel:+48555PETS")
        #expect(details.emailURI == "mailto:anna@example.org")
        #expect(repository.detailCalls == ["luna"], "details come from the details endpoint")
    }

    @Test func givenADeletedReport_whenLoaded_thenNotFoundMessage() async {
        let viewModel = PetDetailsViewModel(repository: repository, userLocation: nil)
        viewModel.load(id: "gone")
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .failed(message: "This report no longer exists.", isNotFound: true))
    }

    /// AsyncHTTPClient reports some failures of its own as a cancellation:
    /// nobody cancelled this load, so the page must not spin forever.
    @Test func givenALoadThatEndsCancelledByItself_thenAnErrorWithRetryNotASpinner() async {
        repository.answerDetail("luna", .failure(.cancelled))
        let viewModel = PetDetailsViewModel(repository: repository, userLocation: nil)
        viewModel.load(id: "luna")
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .failed(message: RepositoryError.cancelled.userMessage, isNotFound: false))
    }

    @Test func givenAFailure_whenRetried_thenLoadsAgain() async {
        repository.answerDetail("luna", .failure(.timedOut))
        let viewModel = PetDetailsViewModel(repository: repository, userLocation: nil)
        viewModel.load(id: "luna")
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .failed(message: RepositoryError.timedOut.userMessage, isNotFound: false))

        repository.answerDetail("luna", .success(Fixtures.announcement("luna", name: "Luna")))
        viewModel.retry()
        await viewModel.waitForCurrentLoad()
        if case .loaded(let details) = viewModel.state {
            #expect(details.id == "luna")
        } else {
            Issue.record("expected details after retry, got \(viewModel.state)")
        }
    }
}

/// A filter and sort restored at start-up go through the setters a user's
/// choice uses, wait for the list's first display, and then really filter it.
extension ReportsPageViewModelTests {
    @Test func restoredFilterAndSortWaitForTheFirstDisplayAndThenApply() async {
        repository.answerLists(.success(mixed()))
        let viewModel = ReportsPageViewModel(store: AnnouncementStore(repository: repository))
        viewModel.setStatusFilter(.lost)
        viewModel.setSort(.oldest)
        #expect(viewModel.reports.state == .idle, "nothing is filtered before Reports is shown")
        #expect(repository.listCallCount == 0)

        viewModel.start()
        await viewModel.reports.waitForCurrentLoad()
        #expect(viewModel.statusFilter == .lost)
        #expect(viewModel.sort == .oldest)
        #expect(viewModel.reports.cards.map(\.id) == ["lost-1", "lost-2"], "lost pets only, oldest first")
    }

    @Test func aRememberedNearestSortOutlivesARunWithoutALocation() {
        let available: [AnnouncementListQuery.Sort] = [.newest, .oldest]
        #expect(AppSettings.sortToRemember(chosen: .newest, restored: .nearest, available: available) == .nearest)
        #expect(AppSettings.sortToRemember(chosen: .oldest, restored: .nearest, available: available) == .oldest)
        #expect(AppSettings.sortToRemember(chosen: .newest, restored: .oldest, available: available) == .newest)
    }
}
