// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// My Reports: Mark as Reunited (asked first, then closed with the kept
/// password, everywhere at once), an edit's result, and each report's
/// possible matches.
@MainActor
@Suite struct MyReportsChangesTests {
    static let backend = ReportFormFixture.backend
    static let luna = Fixtures.announcement("luna", name: "Luna", minutes: 1)
    static let rex = Fixtures.announcement("rex", name: "Rex", status: .found, minutes: 5)
    let repository = FakeAnnouncementRepository()
    let publisher = FakeReportPublisher()
    let passwords = FakeReportPasswordKeeping()
    let store: AnnouncementStore

    init() {
        store = AnnouncementStore(repository: repository, locale: Locale(identifier: "en_GB"))
    }

    /// My Reports with Luna (lost) as this user's; the lists hold Luna and
    /// Rex, a found dog seen at the same place.
    private func loaded(others: [Announcement] = [rex]) async -> MyReportsViewModel {
        repository.answerDetail("luna", .success(Self.luna))
        repository.answerLists(.success([Self.luna] + others))
        passwords.preload(password: "111111", reportID: "luna", backend: Self.backend)
        publisher.serveReports([Self.luna])
        _ = await store.refresh()
        let viewModel = MyReportsViewModel(
            repository: repository, publisher: publisher, passwords: passwords, backend: Self.backend, store: store,
            locale: Locale(identifier: "en_GB"))
        viewModel.start()
        await viewModel.waitForCurrentLoad()
        await viewModel.waitForMatchCounts()
        return viewModel
    }

    @Test func givenAnOpenReport_whenMarkAsReunitedIsAskedAndCancelled_thenNothingIsSent() async {
        let viewModel = await loaded()
        #expect(viewModel.items[0].canChange)

        viewModel.askToMarkReunited(reportID: "luna")

        #expect(viewModel.reunionQuestion?.heading == "Mark Luna as Reunited?")
        #expect(viewModel.reunionQuestion?.body.contains("closed to everyone") == true)
        viewModel.answerReunionQuestion(confirmed: false)
        await viewModel.waitForReunions()
        #expect(viewModel.reunionQuestion == nil)
        #expect(publisher.updates.isEmpty)
        #expect(!viewModel.items[0].isClosed)
    }

    @Test func givenConfirmation_thenTheReportIsClosedWithTheKeptPasswordHereAndInEveryList() async {
        let viewModel = await loaded()

        viewModel.askToMarkReunited(reportID: "luna")
        viewModel.answerReunionQuestion(confirmed: true)
        #expect(viewModel.items[0].reunion == .closing)
        #expect(!viewModel.items[0].canChange, "nothing else while it closes")
        await viewModel.waitForReunions()

        #expect(publisher.updates == [.init(reportID: "luna", changes: .closing, password: "111111")])
        #expect(viewModel.items[0].isClosed)
        #expect(viewModel.items[0].card?.status == .closed)
        #expect(!viewModel.items[0].canChange && !viewModel.items[0].canAddPhoto, "a closed report takes no changes")
        #expect(viewModel.items[0].canRemove)
        #expect(viewModel.items[0].matchText == nil, "a closed report matches nothing")
        #expect(store.latest?.announcements.first { $0.id == "luna" }?.status == .closed)
    }

    @Test func givenABackendThatCannotChangeReports_thenTheRowSaysSoAndTheReportStaysOpen() async {
        let viewModel = await loaded()
        publisher.answerUpdates(.failure(.unsupported))

        viewModel.askToMarkReunited(reportID: "luna")
        viewModel.answerReunionQuestion(confirmed: true)
        await viewModel.waitForReunions()

        #expect(viewModel.items[0].reunion == .failed(message: "This PetSpot server cannot change reports."))
        #expect(!viewModel.items[0].isClosed)
        #expect(viewModel.items[0].canChange, "it can be tried again")
        #expect(store.latest?.announcements.first { $0.id == "luna" }?.status == .lost)
    }

    @Test func givenAFailedClosing_whenTheListIsReloaded_thenTheRowStillSaysWhy() async {
        let viewModel = await loaded()
        publisher.answerUpdates(.failure(.unsupported))
        viewModel.askToMarkReunited(reportID: "luna")
        viewModel.answerReunionQuestion(confirmed: true)
        await viewModel.waitForReunions()

        viewModel.reload()
        await viewModel.waitForCurrentLoad()

        #expect(viewModel.items[0].reunion == .failed(message: "This PetSpot server cannot change reports."))
        #expect(viewModel.items[0].canChange, "it can be tried again")
    }

    @Test func givenNoListYet_thenMatchesAreNotFetchedButCountedOnceTheStoreHasItsList() async {
        repository.answerDetail("luna", .success(Self.luna))
        repository.answerLists(.success([Self.luna, Self.rex]))
        passwords.preload(password: "111111", reportID: "luna", backend: Self.backend)
        let viewModel = MyReportsViewModel(
            repository: repository, publisher: publisher, passwords: passwords, backend: Self.backend, store: store,
            locale: Locale(identifier: "en_GB"))
        viewModel.start()
        await viewModel.waitForCurrentLoad()
        await viewModel.waitForMatchCounts()

        #expect(repository.listCallCount == 0, "My Reports asks for no list of its own")
        #expect(viewModel.items[0].matchCount == nil)

        _ = await store.refresh()
        await viewModel.waitForMatchCounts()
        #expect(viewModel.items[0].matchText == "1 possible match")
    }

    @Test func givenNoKeptPassword_thenClosingSaysSo() async {
        let viewModel = await loaded()
        try? await passwords.removePassword(reportID: "luna", backend: Self.backend)

        viewModel.askToMarkReunited(reportID: "luna")
        viewModel.answerReunionQuestion(confirmed: true)
        await viewModel.waitForReunions()

        #expect(viewModel.items[0].reunion == .failed(message: "The keyring has no password for this report."))
        #expect(publisher.updates.isEmpty)
    }

    @Test func givenAnEditSaved_thenTheCardShowsIt() async {
        let viewModel = await loaded()
        var edited = Self.luna
        edited.petName = "Luna II"

        viewModel.reportChanged(edited)

        #expect(viewModel.items[0].card?.title == "Luna II")
        #expect(viewModel.announcement(reportID: "luna") == edited)
    }

    @Test func eachOpenReportCountsItsPossibleMatches() async {
        let rex2 = Fixtures.announcement("rex2", name: "Rex", status: .found, minutes: 6)
        let far = Fixtures.announcement("far", status: .found, latitude: 50.06, longitude: 19.94)
        let viewModel = await loaded(others: [Self.rex, rex2, far])
        #expect(viewModel.items[0].matchCount == 2)
        #expect(viewModel.items[0].matchText == "2 possible matches")

        let alone = await MyReportsChangesTests().loaded(others: [])
        #expect(alone.items[0].matchText == "No possible matches")

        let one = await MyReportsChangesTests().loaded(others: [Self.rex])
        #expect(one.items[0].matchText == "1 possible match")
    }
}
