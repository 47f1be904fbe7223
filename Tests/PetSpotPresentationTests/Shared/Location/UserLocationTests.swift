// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// A desktop location service that answers when the test says so.
@MainActor
final class FakeLocationLookup: UserLocationLookup {
    private(set) var startCount = 0
    private(set) var stopCount = 0
    private var report: (@MainActor (Coordinate) -> Void)?

    func start(reporting report: @escaping @MainActor (Coordinate) -> Void) {
        startCount += 1
        self.report = report
    }

    func stop() {
        stopCount += 1
        report = nil
    }

    func arrive(latitude: Double, longitude: Double) {
        report?(Coordinate(latitude: latitude, longitude: longitude)!)
    }
}

@MainActor
@Suite struct UserLocationTests {
    let repository = FakeAnnouncementRepository()
    let english = Locale(identifier: "en_GB")
    /// Reports in Warszawa, Kraków and Gdańsk.
    private func reports() -> [Announcement] {
        [
            Fixtures.announcement("warszawa", name: "Luna", minutes: 1, latitude: 52.2297, longitude: 21.0122),
            Fixtures.announcement("krakow", name: "Rex", minutes: 2, latitude: 50.0647, longitude: 19.9450),
            Fixtures.announcement("gdansk", name: "Kiwi", minutes: 3, latitude: 54.3520, longitude: 18.6466),
        ]
    }

    private func store(location: UserLocation) -> AnnouncementStore {
        repository.answerLists(.success(reports()))
        return AnnouncementStore(repository: repository, location: location, locale: english)
    }

    /// Home and Reports over one store, loaded, with the lookup started.
    private func loadedPages(
        location: UserLocation, lookup: FakeLocationLookup
    ) async -> (home: HomeViewModel, reports: ReportsViewModel) {
        let store = store(location: location)
        let home = HomeViewModel(store: store)
        let reportsList = ReportsViewModel(store: store)
        location.start(lookup)
        home.start()
        reportsList.start()
        await home.recentReports.waitForCurrentLoad()
        await reportsList.reports.waitForCurrentLoad()
        return (home, reportsList)
    }

    @Test func givenCardsShown_whenLocationArrives_thenCardsGainDistancesWithoutRefetching() async {
        let location = UserLocation()
        let lookup = FakeLocationLookup()
        let (home, reportsList) = await loadedPages(location: location, lookup: lookup)
        #expect(home.recentReports.cards.allSatisfy { $0.distanceText == nil })
        #expect(!reportsList.availableSorts.contains(.nearest))
        let queryBefore = reportsList.reports.results.query
        let idsBefore = home.recentReports.cards.map(\.id)

        lookup.arrive(latitude: 50.06, longitude: 19.94)  // Kraków

        #expect(
            await eventually { home.recentReports.cards.allSatisfy { $0.distanceText?.hasSuffix("km away") == true } })
        #expect(await eventually { reportsList.reports.cards.allSatisfy { $0.accessibleName.hasSuffix("km away") } })
        #expect(home.recentReports.cards.map(\.id) == idsBefore, "same cards, same order")
        #expect(reportsList.reports.results.query == queryBefore, "not a new query: the list keeps its scroll position")
        #expect(reportsList.availableSorts.contains(.nearest))
        #expect(repository.listCallCount == 1, "the location needs no new fetch")
    }

    @Test func givenLocationArrived_whenSortingByNearest_thenClosestFirst() async {
        let location = UserLocation()
        let lookup = FakeLocationLookup()
        let reportsList = ReportsViewModel(store: store(location: location))
        location.start(lookup)
        reportsList.start()
        await reportsList.reports.waitForCurrentLoad()
        reportsList.setSort(.nearest)
        #expect(reportsList.sort == .newest, "Nearest is not offered before the location is known")

        lookup.arrive(latitude: 54.35, longitude: 18.65)  // Gdańsk
        #expect(await eventually { reportsList.availableSorts.contains(.nearest) })
        reportsList.setSort(.nearest)
        await reportsList.reports.waitForCurrentLoad()
        #expect(reportsList.reports.cards.map(\.id) == ["gdansk", "warszawa", "krakow"])
    }

    @Test func givenNearestRestoredBeforeTheLocation_whenItArrives_thenNearestApplies() async {
        let location = UserLocation()
        let lookup = FakeLocationLookup()
        let reportsList = ReportsViewModel(store: store(location: location))
        reportsList.setSort(.nearest)  // the last run's sort, restored at start-up
        location.start(lookup)
        reportsList.start()
        await reportsList.reports.waitForCurrentLoad()
        #expect(reportsList.sort == .newest)

        lookup.arrive(latitude: 54.35, longitude: 18.65)  // Gdańsk
        #expect(reportsList.sort == .nearest)
        await reportsList.reports.waitForCurrentLoad()
        #expect(reportsList.reports.cards.map(\.id) == ["gdansk", "warszawa", "krakow"])
    }

    @Test func givenNearestRestored_whenTheUserChoosesAnotherSortFirst_thenTheirChoiceStays() async {
        let location = UserLocation()
        let lookup = FakeLocationLookup()
        let reportsList = ReportsViewModel(store: store(location: location))
        reportsList.setSort(.nearest)
        location.start(lookup)
        reportsList.start()
        reportsList.setSort(.oldest)
        lookup.arrive(latitude: 54.35, longitude: 18.65)
        #expect(reportsList.sort == .oldest)
    }

    @Test func givenLocationNeverArrives_thenNoDistancesAndNoNearest() async {
        let location = UserLocation()
        let lookup = FakeLocationLookup()
        let (home, reportsList) = await loadedPages(location: location, lookup: lookup)
        location.stop()  // the window closed, or the service gave up

        #expect(lookup.startCount == 1 && lookup.stopCount == 1)
        #expect(home.recentReports.state == .loaded)
        #expect(home.recentReports.cards.count == 3)
        #expect(home.recentReports.cards.allSatisfy { $0.distanceText == nil && !$0.accessibleName.contains("away") })
        #expect(reportsList.availableSorts == [.newest, .oldest])
        lookup.arrive(latitude: 50.06, longitude: 19.94)
        #expect(location.coordinate == nil, "nothing is reported after stop")
    }

    @Test func givenCommandLineLocation_thenTheLookupIsNeverStarted() async {
        let location = UserLocation(Coordinate(latitude: 52.23, longitude: 21.01))
        let lookup = FakeLocationLookup()
        location.start(lookup)
        #expect(lookup.startCount == 0)

        let home = HomeViewModel(store: store(location: location))
        home.start()
        await home.recentReports.waitForCurrentLoad()
        #expect(home.recentReports.cards.allSatisfy { $0.distanceText?.hasSuffix("km away") == true })
    }

    @Test func givenLocationKnown_whenAFixBarelyMoves_thenListsAreNotFormattedAgain() async {
        let location = UserLocation()
        let lookup = FakeLocationLookup()
        let store = store(location: location)
        location.start(lookup)
        lookup.arrive(latitude: 52.0, longitude: 21.0)
        let generation = (await store.current()).map(\.generation)

        lookup.arrive(latitude: 52.0005, longitude: 21.0)  // about 55 m
        #expect((await store.current()).map(\.generation) == generation)
        lookup.arrive(latitude: 52.1, longitude: 21.0)  // 11 km
        #expect(location.coordinate?.latitude == 52.1)
        #expect(store.latest?.userLocation?.latitude == 52.1)
    }

    @Test func givenLocationArrivesDuringDetails_thenDetailsGainTheirDistance() async {
        let luna = reports()[0]
        repository.answerDetail("warszawa", .success(luna))
        let location = UserLocation()
        let lookup = FakeLocationLookup()
        location.start(lookup)
        let details = PetDetailsViewModel(repository: repository, location: location, locale: english)
        details.load(id: "warszawa")
        await details.waitForCurrentLoad()
        guard case .loaded(let before) = details.state else {
            Issue.record("not loaded")
            return
        }
        #expect(before.distance == nil)

        lookup.arrive(latitude: 52.2297, longitude: 21.0122)
        guard case .loaded(let after) = details.state else {
            Issue.record("not loaded")
            return
        }
        #expect(after.distance?.hasSuffix("km away") == true)
    }
}
