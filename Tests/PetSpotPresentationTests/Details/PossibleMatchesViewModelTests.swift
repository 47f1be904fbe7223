// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// The details page's Possible Matches: the store's reports, searched again
/// when the list or the shown report changes, never fetched for.
@MainActor
@Suite struct PossibleMatchesViewModelTests {
    let repository = FakeAnnouncementRepository()
    static let english = Locale(identifier: "en_GB")

    static func report(
        _ id: String, _ status: AnnouncementStatus, kilometres: Double = 1, day: Int = 16, breed: String? = nil
    ) -> Announcement {
        MatchFinderTests.report(id, status, kilometres: kilometres, day: day, breed: breed)
    }

    static let lost = report("lost", .lost, kilometres: 0, day: 15)

    /// A store that has fetched `announcements`.
    func store(holding announcements: [Announcement]) async -> AnnouncementStore {
        repository.answerLists(.success(announcements))
        let store = AnnouncementStore(repository: repository, locale: Self.english)
        _ = await store.current()
        return store
    }

    func ids(_ state: PossibleMatchesViewModel.State) -> [String] {
        if case .matches(let cards) = state { return cards.map(\.id) }
        return []
    }

    @Test func givenFoundReportsNearby_whenALostOneIsShown_thenTheyAreItsCardsWithReasons() async throws {
        let found = Self.report("found", .found, kilometres: 1.2, day: 17, breed: "Beagle")
        let store = await store(holding: [Self.lost, found, Self.report("far", .found, kilometres: 30)])
        let viewModel = PossibleMatchesViewModel(store: store, locale: Self.english)
        #expect(viewModel.state == .hidden, "nothing shown yet")

        viewModel.show(Self.lost)
        await viewModel.waitForCurrentSearch()

        guard case .matches(let cards) = viewModel.state else {
            Issue.record("expected matches, got \(viewModel.state)")
            return
        }
        let card = try #require(cards.first)
        #expect(cards.count == 1)
        #expect(card.id == "found")
        #expect(card.matchReasons == "1.2 km away · found 2 days later")
        #expect(card.accessibleName.hasSuffix("; possible match: 1.2 km away, found 2 days later"))
        #expect(repository.listCallCount == 1, "the store's fetch, nothing more")
        #expect(repository.detailCalls.isEmpty)
    }

    @Test func givenNothingNearby_thenTheEmptyText() async {
        let store = await store(holding: [Self.lost, Self.report("far", .found, kilometres: 30)])
        let viewModel = PossibleMatchesViewModel(store: store, locale: Self.english)
        viewModel.show(Self.lost)
        await viewModel.waitForCurrentSearch()
        #expect(viewModel.state == .empty)
        #expect(viewModel.emptyText == "No possible matches nearby")
    }

    @Test func givenAClosedReport_thenTheSectionIsHidden() async {
        var closed = Self.lost
        closed.status = .closed
        let store = await store(holding: [closed, Self.report("found", .found)])
        let viewModel = PossibleMatchesViewModel(store: store, locale: Self.english)
        viewModel.show(closed)
        await viewModel.waitForCurrentSearch()
        #expect(viewModel.state == .hidden)
    }

    @Test func givenManyMatches_thenTheSixLikeliestInOrder() async {
        let candidates = (1...9).map { Self.report("found-\($0)", .found, kilometres: Double($0)) }
        let store = await store(holding: [Self.lost] + candidates.reversed())
        let viewModel = PossibleMatchesViewModel(store: store, locale: Self.english)
        viewModel.show(Self.lost)
        await viewModel.waitForCurrentSearch()
        #expect(ids(viewModel.state) == (1...6).map { "found-\($0)" })
        #expect(PossibleMatchesViewModel.shownLimit == 6)
    }

    @Test func givenTheStoresListChanges_thenTheMatchesFollowIt() async {
        let store = await store(holding: [Self.lost])
        let viewModel = PossibleMatchesViewModel(store: store, locale: Self.english)
        viewModel.show(Self.lost)
        await viewModel.waitForCurrentSearch()
        #expect(viewModel.state == .empty)

        await store.insert(Self.report("new-found", .found))
        await viewModel.waitForCurrentSearch()
        #expect(ids(viewModel.state) == ["new-found"])
        #expect(repository.listCallCount == 1, "an inserted report is not a fetch")
    }

    @Test func givenAnotherReportIsShown_thenItsOwnMatches() async {
        let found = Self.report("found", .found)
        let otherLost = Self.report("other-lost", .lost, kilometres: 2, day: 15)
        let store = await store(holding: [Self.lost, found, otherLost])
        let viewModel = PossibleMatchesViewModel(store: store, locale: Self.english)
        viewModel.show(Self.lost)
        await viewModel.waitForCurrentSearch()
        #expect(ids(viewModel.state) == ["found"])

        viewModel.show(found)
        await viewModel.waitForCurrentSearch()
        #expect(ids(viewModel.state) == ["lost", "other-lost"], "the nearer lost report first")

        viewModel.show(nil)
        #expect(viewModel.state == .hidden, "leaving the page")
    }

    @Test func givenNoFetchYet_thenHiddenUntilTheStoresFirstListLands() async {
        repository.answerLists(.success([Self.lost, Self.report("found", .found)]))
        let store = AnnouncementStore(repository: repository, locale: Self.english)
        let viewModel = PossibleMatchesViewModel(store: store, locale: Self.english)
        viewModel.show(Self.lost)
        #expect(viewModel.state == .hidden)
        #expect(repository.listCallCount == 0, "the section never fetches by itself")

        _ = await store.current()
        await viewModel.waitForCurrentSearch()
        #expect(ids(viewModel.state) == ["found"])
    }

    @Test func givenALargeStore_thenTheSearchRunsOffTheMainActorAndTheLatestWins() async {
        let filler = (0..<2_000).map { Self.report("far-\($0)", .found, kilometres: 50 + Double($0 % 100)) }
        let near = Self.report("near", .found)
        let store = await store(holding: [Self.lost, near] + filler)
        let viewModel = PossibleMatchesViewModel(store: store, locale: Self.english)
        viewModel.show(Self.lost)
        #expect(viewModel.state == .hidden, "the search is under way elsewhere")
        viewModel.show(near)  // supersedes the first search
        await viewModel.waitForCurrentSearch()
        #expect(ids(viewModel.state) == ["lost"])
    }

    @Test func givenADetailsPage_whenItLoadsAReport_thenItsMatchesFollow() async {
        let found = Self.report("found", .found)
        let store = await store(holding: [Self.lost, found])
        repository.answerDetail("lost", .success(Self.lost))
        let matches = PossibleMatchesViewModel(store: store, locale: Self.english)
        let details = PetDetailsViewModel(
            repository: repository, location: store.location, locale: Self.english, matches: matches)

        details.load(id: "lost")
        await details.waitForCurrentLoad()
        await matches.waitForCurrentSearch()
        #expect(ids(matches.state) == ["found"])

        details.cancel()
        #expect(matches.state == .hidden, "back to the list")
    }
}
