// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// A report created (or changed) in this app joins the shared fetch at once.
@MainActor
@Suite struct AnnouncementStoreInsertTests {
    let repository = FakeAnnouncementRepository()

    private func pets(_ ids: String...) -> [Announcement] {
        ids.enumerated().map { Fixtures.announcement($1, name: $1, minutes: Double($0)) }
    }

    @Test func anInsertedReportIsOneNewRowOnTopOfEveryList() async throws {
        repository.answerLists(.success(pets("a", "b", "c")))
        let store = AnnouncementStore(repository: repository)
        let reports = ReportsViewModel(store: store)
        reports.start()
        await reports.reports.waitForCurrentLoad()
        let before = reports.reports.results
        let generation = try #require(store.latest?.generation)

        await store.insert(Fixtures.announcement("new", name: "New", minutes: 10))

        #expect(store.latest?.generation == generation + 1)
        #expect(await eventually { reports.reports.cards.first?.id == "new" })
        #expect(reports.reports.cards.map(\.id) == ["new", "c", "b", "a"])
        #expect(ListChange(from: before, to: reports.reports.results) == ListChange(position: 0, removed: 0, added: 1))
        #expect(repository.listCallCount == 1, "nothing fetched")
    }

    @Test func theListsKeepTheirQuery() async {
        repository.answerLists(
            .success([
                Fixtures.announcement("lost", status: .lost, minutes: 1),
                Fixtures.announcement("found", status: .found, minutes: 2),
            ]))
        let store = AnnouncementStore(repository: repository)
        let reports = ReportsViewModel(store: store)
        reports.setStatusFilter(.lost)
        reports.start()
        await reports.reports.waitForCurrentLoad()
        let home = HomeViewModel(store: store)
        home.start()
        await home.recentReports.waitForCurrentLoad()

        await store.insert(Fixtures.announcement("new-found", status: .found, minutes: 5))

        #expect(await eventually { home.recentReports.cards.map(\.id) == ["new-found", "found", "lost"] })
        await reports.reports.waitForCurrentLoad()
        #expect(reports.reports.cards.map(\.id) == ["lost"], "a Found report does not show under Lost")
        #expect(repository.listCallCount == 1)
    }

    @Test func aReportWithTheSameIdIsReplacedAndItsCardFormattedAgain() async throws {
        repository.answerLists(.success(pets("a", "b")))
        let store = AnnouncementStore(repository: repository)
        let home = HomeViewModel(store: store)
        home.start()
        await home.recentReports.waitForCurrentLoad()
        #expect(home.recentReports.cards.first?.photoURL == nil)

        var changed = Fixtures.announcement("b", name: "b", minutes: 1)
        changed.photoURL = URL(string: "http://127.0.0.1:3000/images/b.jpg")
        await store.insert(changed)

        #expect(store.latest?.announcements.count == 2)
        #expect(await eventually { home.recentReports.cards.first?.photoURL == changed.photoURL })
        #expect(home.recentReports.cards.map(\.id) == ["b", "a"])
    }

    @Test func beforeAnyFetchThereIsNothingToJoin() async {
        let store = AnnouncementStore(repository: repository)
        await store.insert(Fixtures.announcement("new"))
        #expect(store.latest == nil)
        #expect(repository.listCallCount == 0, "no fetch is started for it")
    }

    @Test func aFetchUnderWayThatStartedBeforeTheReportExistedGetsItToo() async {
        repository.answerLists(.success(pets("a")))
        repository.holdLists(true)
        let store = AnnouncementStore(repository: repository)
        store.prefetch()
        #expect(await eventually { repository.heldListCount == 1 })

        await store.insert(Fixtures.announcement("new", minutes: 10))
        repository.releaseHeldLists()

        #expect(await eventually { store.latest != nil })
        #expect(store.latest?.announcements.map(\.id) == ["a", "new"])
    }
}
