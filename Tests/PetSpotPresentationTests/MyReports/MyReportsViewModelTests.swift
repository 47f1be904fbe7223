// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// A window that records where coordinators sent it.
@MainActor
private final class RecordingHosts: WindowHost, ReportsNavigationHost {
    var selectedTab: AppTabID?
    var showingDetails = false

    func selectTab(_ tab: AppTabID) { selectedTab = tab }
    func showToast(_ message: String) {}
    func showReportForm() {}
    func showReportsList() { showingDetails = false }
    func showPetDetails() { showingDetails = true }
    func focusSearch() {}
}

@MainActor
@Suite struct MyReportsViewModelTests {
    static let backend = ReportFormFixture.backend
    let repository = FakeAnnouncementRepository()
    let publisher = FakeReportPublisher()
    let passwords = FakeReportPasswordKeeping()
    let folder = TemporaryFolder()
    let store: AnnouncementStore

    init() {
        store = AnnouncementStore(repository: repository, locale: Locale(identifier: "en_GB"))
    }

    private func makeViewModel(reader: ReportPhotoReader = ReportPhotoReader()) -> MyReportsViewModel {
        MyReportsViewModel(
            repository: repository, publisher: publisher, passwords: passwords, backend: Self.backend, store: store,
            photoReader: reader, locale: Locale(identifier: "en_GB"))
    }

    /// Two reports of this user's on this backend, one on another, one deleted since.
    private func keepMine() {
        repository.answerDetail("older", .success(Fixtures.announcement("older", name: "Luna", minutes: 1)))
        repository.answerDetail(
            "newer", .success(Fixtures.announcement("newer", name: "Rex", status: .found, minutes: 5)))
        passwords.preload(password: "111111", reportID: "older", backend: Self.backend)
        passwords.preload(password: "999999", reportID: "deleted", backend: Self.backend)
        passwords.preload(password: "222222", reportID: "newer", backend: Self.backend)
        passwords.preload(password: "333333", reportID: "elsewhere", backend: "https://petspot.example.org")
    }

    private func loaded() async -> MyReportsViewModel {
        let viewModel = makeViewModel()
        viewModel.start()
        await viewModel.waitForCurrentLoad()
        return viewModel
    }

    @Test func givenKeptPasswords_thenThisBackendsReportsAreListedNewestFirstWithTheUsualCards() async {
        keepMine()
        let viewModel = makeViewModel()

        viewModel.start()
        #expect(viewModel.state == .loading)
        await viewModel.waitForCurrentLoad()

        #expect(viewModel.state == .loaded)
        #expect(viewModel.items.map(\.id) == ["newer", "older", "deleted"])
        #expect(
            viewModel.items[0].card
                == AnnouncementCard(
                    Fixtures.announcement("newer", name: "Rex", status: .found, minutes: 5), userLocation: nil,
                    locale: Locale(identifier: "en_GB")))
        #expect(viewModel.items[2].isGone, "a deleted report shows as gone")
        #expect(viewModel.items[2].goneText == "This report no longer exists.")
        #expect(!viewModel.items[2].canAddPhoto)
        #expect(passwords.listings == [Self.backend])
        #expect(Set(repository.detailCalls) == ["older", "newer", "deleted"], "each fetched fresh by id")
    }

    @Test func givenNoKeptPassword_thenTheListIsEmpty() async {
        passwords.preload(password: "333333", reportID: "elsewhere", backend: "https://petspot.example.org")
        let viewModel = await loaded()
        #expect(viewModel.state == .empty)
        #expect(viewModel.items.isEmpty)
        #expect(repository.detailCalls.isEmpty)
    }

    @Test func givenTheKeyringFails_thenRetryShowsTheList() async {
        keepMine()
        passwords.failReads(true)
        let viewModel = await loaded()
        #expect(viewModel.state == .failed(message: "Your reports could not be read from the keyring."))

        passwords.failReads(false)
        viewModel.retry()
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .loaded)
        #expect(viewModel.items.count == 3)
    }

    @Test func givenTheBackendIsDown_thenTheListFailsWithRetry() async {
        keepMine()
        repository.answerDetail("older", .failure(.unreachable))
        let viewModel = await loaded()
        #expect(viewModel.state == .failed(message: "Can't reach the PetSpot server."))

        repository.answerDetail("older", .success(Fixtures.announcement("older", name: "Luna", minutes: 1)))
        viewModel.reload()
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .loaded)
    }

    @Test func addingAPhotoUsesTheKeptPasswordAndRefreshesTheCardEverywhere() async throws {
        keepMine()
        repository.answerLists(.success([Fixtures.announcement("older", name: "Luna", minutes: 1)]))
        let home = HomeViewModel(store: store)
        home.start()
        await home.recentReports.waitForCurrentLoad()
        let viewModel = await loaded()
        var withPhoto = Fixtures.announcement("older", name: "Luna", minutes: 1)
        withPhoto.photoURL = URL(string: "http://127.0.0.1:3000/images/older.jpg")
        repository.answerDetail("older", .success(withPhoto))

        viewModel.addPhoto(path: folder.jpeg(), to: "older")
        #expect(viewModel.items[1].photoUpload == .checking)
        #expect(!viewModel.items[1].canAddPhoto, "one photo at a time")
        await viewModel.waitForPhotoUploads()

        #expect(viewModel.items[1].photoUpload == .added)
        let upload = try #require(publisher.photoUploads.first)
        #expect(upload.reportID == "older")
        #expect(upload.password == "111111")
        #expect(upload.photo.mimeType == "image/jpeg")
        #expect(passwords.passwordLookups == ["older"])
        #expect(viewModel.items[1].card?.photoURL == withPhoto.photoURL)
        #expect(
            await eventually { home.recentReports.cards.first?.photoURL == withPhoto.photoURL },
            "Home shows the photo too")
    }

    @Test func aRefusedPasswordSaysSo() async {
        keepMine()
        publisher.answerPhotos(.failure(.unauthorized))
        let viewModel = await loaded()

        viewModel.addPhoto(path: folder.png(), to: "newer")
        await viewModel.waitForPhotoUploads()

        #expect(viewModel.items[0].photoUpload == .failed(message: "The stored password was not accepted."))
        #expect(viewModel.items[0].canAddPhoto, "another try is possible")
    }

    @Test func aFileThatIsNoPhotoIsNeverSent() async {
        keepMine()
        let viewModel = await loaded()
        viewModel.addPhoto(path: folder.write(Array("plain text".utf8), to: "notes.txt"), to: "newer")
        await viewModel.waitForPhotoUploads()
        #expect(viewModel.items[0].photoUpload == .failed(message: "This file is not a JPEG, PNG, GIF or WebP image"))
        #expect(publisher.photoUploads.isEmpty)

        let small = makeViewModel(reader: ReportPhotoReader(maximumBytes: 8))
        small.start()
        await small.waitForCurrentLoad()
        small.addPhoto(path: folder.jpeg(), to: "newer")
        await small.waitForPhotoUploads()
        #expect(small.items[0].photoUpload == .failed(message: "Choose a photo smaller than 20 MB"))
    }

    @Test func aReportDeletedMeanwhileBecomesGone() async {
        keepMine()
        publisher.answerPhotos(.failure(.notFound))
        let viewModel = await loaded()

        viewModel.addPhoto(path: folder.jpeg(), to: "newer")
        await viewModel.waitForPhotoUploads()

        #expect(viewModel.items.map(\.id) == ["older", "deleted", "newer"])
        #expect(viewModel.items[2].isGone)
        #expect(viewModel.items[2].photoUpload == .failed(message: "This report no longer exists."))
    }

    @Test func aMissingOrUnreadablePasswordSaysSo() async {
        keepMine()
        let viewModel = await loaded()
        passwords.failReads(true)
        viewModel.addPhoto(path: folder.jpeg(), to: "newer")
        await viewModel.waitForPhotoUploads()
        #expect(viewModel.items[0].photoUpload == .failed(message: "The keyring could not be read."))
        #expect(publisher.photoUploads.isEmpty)
    }

    @Test func aCardOpensItsDetailsThroughTheAppCoordinator() {
        let reports = ReportsCoordinator(
            list: ReportsViewModel(store: store),
            details: PetDetailsViewModel(repository: repository, userLocation: nil))
        let app = AppCoordinator(reports: reports)
        let hosts = RecordingHosts()
        app.windowHost = hosts
        reports.host = hosts

        app.openDetails(id: "newer")
        #expect(hosts.selectedTab == .reports)
        #expect(hosts.showingDetails)
        #expect(reports.details.announcementID == "newer")

        app.openDetails(id: "older")
        #expect(reports.details.announcementID == "older")
    }

    @Test func cardsSayHowFarAwayOnceTheLocationArrives() async {
        keepMine()
        let viewModel = await loaded()
        #expect(viewModel.items[0].card?.distanceText == nil)
        store.location.update(to: Coordinate(latitude: 52.25, longitude: 21.0122)!)
        #expect(viewModel.items[0].card?.distanceText == "2.3 km away")
    }

    @Test func removingAReportForgetsItsPasswordAndItsRowButNotTheReport() async {
        keepMine()
        let viewModel = await loaded()

        viewModel.remove(reportID: "older")
        #expect(viewModel.items[1].removal == .removing)
        #expect(!viewModel.items[1].canRemove, "one removal at a time")
        await viewModel.waitForRemovals()

        #expect(passwords.removals == ["older"])
        #expect(passwords.kept(backend: Self.backend).map(\.reportID) == ["deleted", "newer"])
        #expect(viewModel.items.map(\.id) == ["newer", "deleted"])
        #expect(publisher.photoUploads.isEmpty)
        viewModel.reload()
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.items.map(\.id) == ["newer", "deleted"], "it stays forgotten")
    }

    @Test func aGoneReportCanBeRemovedAndTheLastRemovalEmptiesTheList() async {
        repository.answerDetail("deleted", .failure(.notFound))
        passwords.preload(password: "999999", reportID: "deleted", backend: Self.backend)
        let viewModel = await loaded()
        #expect(viewModel.items.first?.canRemove == true)

        viewModel.remove(reportID: "deleted")
        await viewModel.waitForRemovals()
        #expect(viewModel.items.isEmpty)
        #expect(viewModel.state == .empty)
    }

    @Test func aRemovalTheKeyringRefusesKeepsTheRowAndSaysSo() async {
        keepMine()
        let viewModel = await loaded()
        passwords.failRemovals(true)

        viewModel.remove(reportID: "newer")
        await viewModel.waitForRemovals()

        #expect(viewModel.items.map(\.id) == ["newer", "older", "deleted"])
        #expect(viewModel.items[0].removal == .failed(message: "The keyring could not be changed."))
        #expect(viewModel.items[0].canRemove, "another try is possible")
    }

    @Test func aReportWithAPhotoOnItsWayIsNotRemoved() async {
        keepMine()
        let viewModel = await loaded()
        viewModel.addPhoto(path: folder.jpeg(), to: "newer")
        #expect(!viewModel.items[0].canRemove, "the upload needs the password")
        viewModel.remove(reportID: "newer")
        await viewModel.waitForPhotoUploads()
        await viewModel.waitForRemovals()
        #expect(passwords.removals.isEmpty)
        #expect(viewModel.items[0].canRemove)
    }

    /// Each opening of My Reports makes a view model; closing it must not leave
    /// its location listener behind.
    @Test func openingAndClosingMyReportsLeavesNoLocationListenerBehind() async {
        keepMine()
        let before = store.location.listenerCount
        for _ in 0..<3 {
            let viewModel = await loaded()
            #expect(store.location.listenerCount == before + 1)
            viewModel.close()
        }
        #expect(store.location.listenerCount == before)
    }
}
