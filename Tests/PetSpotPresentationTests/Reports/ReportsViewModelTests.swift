// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@MainActor
@Suite struct ReportsViewModelTests {
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
        let viewModel = ReportsViewModel(store: AnnouncementStore(repository: repository))
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
        let viewModel = ReportsViewModel(store: AnnouncementStore(repository: repository))
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
        let viewModel = ReportsViewModel(store: AnnouncementStore(repository: repository))
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
        let without = ReportsViewModel(store: AnnouncementStore(repository: repository))
        #expect(!without.availableSorts.contains(.nearest))
        without.setSort(.nearest)
        #expect(without.sort == .newest)

        let with = ReportsViewModel(
            store: AnnouncementStore(
                repository: repository, userLocation: Coordinate(latitude: 52, longitude: 21)))
        #expect(with.availableSorts.contains(.nearest))
        with.setSort(.nearest)
        #expect(with.sort == .nearest)
    }
}

/// A filter and sort restored at start-up go through the setters a user's
/// choice uses, wait for the list's first display, and then really filter it.
extension ReportsViewModelTests {
    @Test func restoredFilterAndSortWaitForTheFirstDisplayAndThenApply() async {
        repository.answerLists(.success(mixed()))
        let viewModel = ReportsViewModel(store: AnnouncementStore(repository: repository))
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
