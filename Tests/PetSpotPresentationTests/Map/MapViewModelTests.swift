// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@MainActor
@Suite struct MapViewModelTests {
    let repository = FakeAnnouncementRepository()
    let clock = ManualClock()
    let debounce = Duration.milliseconds(300)
    let warsaw = MapPinFixtures.warsaw

    private func makeViewModel(userLocation: Coordinate? = nil) -> MapViewModel {
        let store = AnnouncementStore(repository: repository, userLocation: userLocation)
        return MapViewModel(store: store, clock: clock, debounce: debounce, locale: Locale(identifier: "en_GB"))
    }

    private func viewport(latitude: Double, longitude: Double, zoomLevel: Double = 13) -> MapViewport {
        WebMercator.viewport(
            centre: Coordinate(latitude: latitude, longitude: longitude)!, zoomLevel: zoomLevel, width: 800, height: 600
        )
    }

    /// A gesture ends and the debounce runs out: the fetch it starts has landed on return.
    private func endGesture(_ viewModel: MapViewModel, at viewport: MapViewport) async {
        viewModel.regionChanged(viewport)
        await clock.waitForSleepers(1)
        clock.advance(by: debounce)
        await viewModel.waitForCurrentLoad()
    }

    private func pets(_ ids: String...) -> [Announcement] {
        ids.enumerated().map { index, id in
            Fixtures.announcement(id, name: id, minutes: Double(index), latitude: 52.2 + Double(index) / 100)
        }
    }

    // MARK: First display

    @Test func givenAUserLocation_whenStarted_thenTheCameraCentresThereAndTenKilometresAroundItAreFetched() async {
        repository.answerLists(.success(pets("a", "b")))
        let viewModel = makeViewModel(userLocation: warsaw)

        viewModel.start()
        #expect(viewModel.isLoading)
        await viewModel.waitForCurrentLoad()

        #expect(viewModel.camera == MapCameraRequest(serial: 1, target: .centre(warsaw, zoomLevel: 12)))
        #expect(repository.requestedRegions == [SearchRegion(centre: warsaw, rangeKilometres: 10)])
        #expect(viewModel.region == SearchRegion(centre: warsaw, rangeKilometres: 10))
        #expect(viewModel.pins.map(\.id) == ["b", "a"])
        #expect(viewModel.cards.map(\.id) == ["b", "a"], "newest first")
        #expect(viewModel.isLoading == false)
        #expect(viewModel.errorMessage == nil)
    }

    @Test func givenNoUserLocation_whenStarted_thenEveryReportIsFetchedOnceAndTheCameraFitsThemAll() async {
        let all = pets("a", "b", "c")
        repository.answerLists(.success(all))
        let viewModel = makeViewModel()

        viewModel.start()
        viewModel.start()  // the page appearing again
        await viewModel.waitForCurrentLoad()

        #expect(repository.requestedRegions == [nil], "one whole-list request")
        #expect(viewModel.region == nil)
        #expect(viewModel.pins.count == 3)
        #expect(viewModel.camera == MapCameraRequest(serial: 1, target: .fit(viewModel.pins.map(\.coordinate))))
        #expect(Set(viewModel.pins.map(\.coordinate)) == Set(all.map(\.coordinate)))

        viewModel.refresh()
        await viewModel.waitForCurrentLoad()
        #expect(repository.requestedRegions == [nil, nil])
        #expect(viewModel.camera?.serial == 1, "a refresh never moves the map under the user")
    }

    @Test func givenEveryStatus_whenLoaded_thenEveryReportIsAPinWithNoFilter() async {
        repository.answerLists(
            .success([
                Fixtures.announcement("lost", status: .lost, minutes: 1),
                Fixtures.announcement("found", status: .found, minutes: 2),
                Fixtures.announcement("closed", status: .closed, minutes: 3),
            ]))
        let viewModel = makeViewModel()

        viewModel.start()
        await viewModel.waitForCurrentLoad()

        #expect(viewModel.pins.map(\.status) == [.closed, .found, .lost])
        #expect(viewModel.cards.map(\.id) == ["closed", "found", "lost"])
    }

    // MARK: Gestures

    @Test func givenThreeQuickGestures_whenTheDebounceRunsOut_thenOneRequestForTheLastViewport() async {
        repository.answerLists(.success(pets("a")))
        let viewModel = makeViewModel()
        let first = viewport(latitude: 52.2, longitude: 21.0)
        let second = viewport(latitude: 52.3, longitude: 21.1)
        let last = viewport(latitude: 50.06, longitude: 19.94, zoomLevel: 11)

        viewModel.regionChanged(first)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        viewModel.regionChanged(second)
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(200))
        viewModel.regionChanged(last)
        await clock.waitForSleepers(1)
        #expect(repository.listCallCount == 0, "each gesture restarted the wait")
        #expect(clock.pendingSleeperCount == 1, "earlier waits were cancelled")

        clock.advance(by: debounce)
        // Polled rather than awaited: were a wait left uncancelled, this fails instead of hanging.
        #expect(await eventually { repository.listCallCount == 1 })
        await viewModel.waitForEveryLoad()

        #expect(repository.requestedRegions == [SearchRegion(covering: last)])
        #expect(repository.requestedRegions.first??.centre == last.centre)
        #expect(viewModel.region == SearchRegion(covering: last))
        #expect(viewModel.pins.map(\.id) == ["a"])
    }

    @Test func givenAHeldRequest_whenANewerOneAnswers_thenTheLateAnswerNeverReplacesIt() async {
        repository.answerLists(.success(pets("stale")), .success(pets("fresh")))
        repository.holdLists(true)
        let viewModel = makeViewModel()
        let older = viewport(latitude: 52.2, longitude: 21.0)
        let newer = viewport(latitude: 50.06, longitude: 19.94)

        viewModel.regionChanged(older)
        await clock.waitForSleepers(1)
        clock.advance(by: debounce)
        #expect(await eventually { repository.heldListCount == 1 })
        repository.holdLists(false)
        await endGesture(viewModel, at: newer)
        #expect(viewModel.pins.map(\.id) == ["fresh"])

        repository.releaseHeldLists()  // the superseded answer arrives late
        await viewModel.waitForEveryLoad()

        #expect(viewModel.pins.map(\.id) == ["fresh"])
        #expect(viewModel.cards.map(\.id) == ["fresh"])
        #expect(viewModel.region == SearchRegion(covering: newer))
        #expect(viewModel.isLoading == false)
        #expect(repository.requestedRegions == [SearchRegion(covering: older), SearchRegion(covering: newer)])
    }

    @Test func givenAHeldRequest_whenItFailsAfterANewerOneAnswered_thenNoErrorShows() async {
        repository.answerLists(.failure(.timedOut), .success(pets("fresh")))
        repository.holdLists(true)
        let viewModel = makeViewModel()

        viewModel.regionChanged(viewport(latitude: 52.2, longitude: 21.0))
        await clock.waitForSleepers(1)
        clock.advance(by: debounce)
        #expect(await eventually { repository.heldListCount == 1 })
        repository.holdLists(false)
        await endGesture(viewModel, at: viewport(latitude: 50.06, longitude: 19.94))
        repository.releaseHeldLists()
        await viewModel.waitForEveryLoad()

        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.pins.map(\.id) == ["fresh"])
    }

    @Test func givenShownPins_whenARegionFails_thenThePinsStayWithAnError_andRetryLoadsIt() async {
        repository.answerLists(.success(pets("a")), .failure(.unreachable), .success(pets("a", "b")))
        let viewModel = makeViewModel()
        viewModel.start()
        await viewModel.waitForCurrentLoad()
        let moved = viewport(latitude: 52.25, longitude: 21.05)

        await endGesture(viewModel, at: moved)

        #expect(viewModel.errorMessage == RepositoryError.unreachable.userMessage)
        #expect(viewModel.pins.map(\.id) == ["a"], "the old pins stay")
        #expect(viewModel.isLoading == false)

        viewModel.retry()
        #expect(viewModel.isLoading)
        await viewModel.waitForCurrentLoad()

        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.pins.map(\.id) == ["b", "a"])
        #expect(repository.requestedRegions == [nil, SearchRegion(covering: moved), SearchRegion(covering: moved)])
    }

    /// Nobody superseded this load: a `.cancelled` from the HTTP client is a failure like any other.
    @Test func givenShownPins_whenARegionEndsCancelledByItself_thenAnErrorWithRetry() async {
        repository.answerLists(.success(pets("a")), .failure(.cancelled))
        let viewModel = makeViewModel()
        viewModel.start()
        await viewModel.waitForCurrentLoad()

        await endGesture(viewModel, at: viewport(latitude: 52.25, longitude: 21.05))

        #expect(viewModel.errorMessage == RepositoryError.cancelled.userMessage)
        #expect(viewModel.isLoading == false)
        #expect(viewModel.pins.map(\.id) == ["a"], "the old pins stay")
    }

    @Test func givenAFailedFirstLoadWithoutLocation_whenRetried_thenEverythingIsFetchedAgainAndFitted() async {
        repository.answerLists(.failure(.timedOut), .success(pets("a", "b")))
        let viewModel = makeViewModel()
        viewModel.start()
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.errorMessage == RepositoryError.timedOut.userMessage)
        #expect(viewModel.camera == nil)

        viewModel.retry()
        await viewModel.waitForCurrentLoad()

        #expect(repository.requestedRegions == [nil, nil])
        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.camera?.target == .fit(viewModel.pins.map(\.coordinate)))
    }

    @Test func givenAnError_whenRefreshed_thenItIsClearedAtOnce() async {
        repository.answerLists(.failure(.unreachable), .success(pets("a")))
        let viewModel = makeViewModel(userLocation: warsaw)
        viewModel.start()
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.errorMessage != nil)

        viewModel.refresh()
        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.isLoading)
        await viewModel.waitForCurrentLoad()

        #expect(viewModel.pins.map(\.id) == ["a"])
        #expect(
            repository.requestedRegions == Array(repeating: SearchRegion(centre: warsaw, rangeKilometres: 10), count: 2)
        )
    }

    @Test func givenAnEmptyRegion_whenLoaded_thenNoPinsAndNoError() async {
        repository.answerLists(.success(pets("a")), .success([]))
        let viewModel = makeViewModel(userLocation: warsaw)
        viewModel.start()
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.pins.count == 1)

        await endGesture(viewModel, at: viewport(latitude: 70, longitude: 25))

        #expect(viewModel.pins.isEmpty)
        #expect(viewModel.cards.isEmpty)
        #expect(viewModel.errorMessage == nil)
        #expect(viewModel.isLoading == false)
    }

    // MARK: Show on Map and popovers

    @Test func givenDetails_whenShownOnMap_thenTheCameraGoesToThePetAtStreetZoomWithItsPopoverOpen() async {
        repository.answerLists(.success(pets("a")))
        let viewModel = makeViewModel(userLocation: warsaw)
        viewModel.start()
        await viewModel.waitForCurrentLoad()
        let elsewhere = Fixtures.announcement("far", name: "Rex", latitude: 50.06, longitude: 19.94)
        let details = PetDetails(elsewhere, userLocation: warsaw)

        viewModel.focus(on: details)

        #expect(viewModel.camera == MapCameraRequest(serial: 2, target: .centre(details.coordinate, zoomLevel: 16)))
        #expect(viewModel.openPinID == "far")
        #expect(viewModel.pins.map(\.id) == ["a", "far"], "the pin is there at once for its popover")
        #expect(viewModel.pins.last == MapPin(details))
        #expect(repository.listCallCount == 1, "the view's region change after the move fetches")
    }

    @Test func givenAShownPin_whenShownOnMap_thenItIsNotAddedTwice() async {
        repository.answerLists(.success(pets("a")))
        let viewModel = makeViewModel()
        viewModel.start()
        await viewModel.waitForCurrentLoad()

        viewModel.focus(on: PetDetails(pets("a")[0], userLocation: nil))

        #expect(viewModel.pins.map(\.id) == ["a"])
        #expect(viewModel.openPinID == "a")
    }

    @Test func givenShowOnMapBeforeTheMapFirstShows_whenStarted_thenTheCameraStaysOnThePet() async {
        repository.answerLists(.success(pets("a")))
        let viewModel = makeViewModel(userLocation: warsaw)
        let details = PetDetails(Fixtures.announcement("far", latitude: 50.06, longitude: 19.94), userLocation: warsaw)

        viewModel.focus(on: details)
        viewModel.start()
        await viewModel.waitForCurrentLoad()

        #expect(viewModel.camera?.target == .centre(details.coordinate, zoomLevel: 16))
        #expect(repository.listCallCount == 0, "no fetch around the user, whom the map is not showing")
        #expect(viewModel.openPinID == "far")
    }

    @Test func givenAFetchUnderWay_whenShownOnMap_thenItsAnswerDoesNotRemoveThePet() async {
        repository.answerLists(.success(pets("a")))
        repository.holdLists(true)
        let viewModel = makeViewModel(userLocation: warsaw)
        viewModel.start()
        #expect(await eventually { repository.heldListCount == 1 })

        viewModel.focus(
            on: PetDetails(Fixtures.announcement("far", latitude: 50.06, longitude: 19.94), userLocation: warsaw))
        repository.releaseHeldLists()
        await viewModel.waitForEveryLoad()

        #expect(viewModel.pins.map(\.id) == ["far"])
        #expect(viewModel.isLoading == false)
    }

    @Test func givenAPin_whenActivatedAndClosed_thenItsPopoverOpensAndCloses() {
        let viewModel = makeViewModel()

        viewModel.pinActivated("a")
        #expect(viewModel.openPinID == "a")
        viewModel.pinActivated("b")
        #expect(viewModel.openPinID == "b")
        viewModel.popoverClosed()
        #expect(viewModel.openPinID == nil)
    }
}
