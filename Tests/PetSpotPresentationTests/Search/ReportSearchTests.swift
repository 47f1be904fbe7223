// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// The Shell's search answers from the store's latest list, else from the
/// offline cache's, never from the network.
@MainActor
@Suite struct ReportSearchTests {
    let luna = Fixtures.announcement("luna", name: "Luna", breed: "Labrador", species: .dog, status: .lost)
    let english = Locale(identifier: "en_GB")

    @Test func answersFromTheStoresLatestList() async {
        let repository = FakeAnnouncementRepository()
        repository.answerLists(.success([luna]))
        let store = AnnouncementStore(repository: repository)
        _ = await store.current()
        let search = ReportSearch(store: store, locale: english)
        #expect(await search.resultIDs(for: ["luna"]) == ["luna"])
        #expect(await search.resultIDs(for: ["pies", "zaginiony"]) == ["luna"])
        #expect(repository.listCallCount == 1, "searching fetches nothing")
    }

    @Test func withoutAListItAnswersFromTheCacheWithoutFetching() async {
        let repository = FakeAnnouncementRepository()
        let store = AnnouncementStore(repository: repository)
        let search = ReportSearch(store: store, cachedList: { [luna] in [luna] }, locale: english)
        #expect(await search.resultIDs(for: ["lab"]) == ["luna"])
        #expect(await search.results(for: ["luna"]).map(\.id) == ["luna"])
        #expect(repository.listCallCount == 0)
    }

    @Test func withNeitherItAnswersNothing() async {
        let store = AnnouncementStore(repository: FakeAnnouncementRepository())
        let search = ReportSearch(store: store, cachedList: { nil }, locale: english)
        #expect(await search.resultIDs(for: ["luna"]).isEmpty)
        #expect(await search.results(for: ["luna"]).isEmpty)
    }

    @Test func aNewerListIsSearchedOnceTheStoreHasIt() async {
        let repository = FakeAnnouncementRepository()
        let rex = Fixtures.announcement("rex", name: "Rex")
        repository.answerLists(.success([luna]), .success([luna, rex]))
        let store = AnnouncementStore(repository: repository)
        _ = await store.current()
        let search = ReportSearch(store: store, locale: english)
        #expect(await search.resultIDs(for: ["rex"]).isEmpty)
        _ = await store.refresh()
        #expect(await search.resultIDs(for: ["rex"]) == ["rex"])
    }

    @Test func onceSearchedEachNewerListIsIndexedAsItArrives() async {
        let repository = FakeAnnouncementRepository()
        let rex = Fixtures.announcement("rex", name: "Rex")
        repository.answerLists(.success([luna]), .success([luna, rex]))
        let store = AnnouncementStore(repository: repository)
        _ = await store.current()
        let search = ReportSearch(store: store, locale: english)
        #expect(await search.resultIDs(for: ["luna"]) == ["luna"])
        _ = await store.refresh()
        #expect(await eventually { search.isIndexed(generation: store.latest?.generation ?? -1) })
        #expect(await search.resultIDs(for: ["rex"]) == ["rex"])
    }

    @Test func resultsSayStatusNameAndSpeciesThenBreedAndWhere() async {
        var report = luna
        report.address = "Park Street"
        let store = AnnouncementStore(repository: FakeAnnouncementRepository())
        let search = ReportSearch(store: store, cachedList: { [report] in [report] }, locale: english)
        let results = await search.results(for: ["nobody", "luna"])
        #expect(results.count == 1)
        #expect(results.first?.name == "Lost · Luna · Dog")
        #expect(results.first?.description == "Labrador · Last seen 15 Nov 2025 at Park Street")
    }

    @Test func aPhotoKeptOnDiskComesAsAThumbnailAndNoneIsFetched() async throws {
        var withPhoto = luna
        withPhoto.photoURL = URL(string: "http://example.org/luna.png")
        var notKept = Fixtures.announcement("rex", name: "Rex")
        notKept.photoURL = URL(string: "http://example.org/rex.png")
        let store = AnnouncementStore(repository: FakeAnnouncementRepository())
        let png = try #require(Data(base64Encoded: Self.onePixelPNG))
        let search = ReportSearch(
            store: store, cachedList: { [withPhoto, notKept] in [withPhoto, notKept] },
            cachedPhoto: { $0.lastPathComponent == "luna.png" ? png : nil }, locale: english)
        let results = await search.results(for: ["luna", "rex"])
        #expect(results.map(\.id) == ["luna", "rex"])
        #expect(results[0].thumbnail.map { PhotoKind(sniffing: $0) } == .png)
        #expect(results[1].thumbnail == nil)
    }

    static let onePixelPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="

    @Test func anUnnamedPetIsNamedByItsSpecies() async {
        let unnamed = Fixtures.announcement("x", species: .cat, status: .found)
        let store = AnnouncementStore(repository: FakeAnnouncementRepository())
        let search = ReportSearch(store: store, cachedList: { [unnamed] in [unnamed] }, locale: english)
        #expect(await search.results(for: ["x"]).first?.name == "Found · Unnamed cat · Cat")
    }
}
