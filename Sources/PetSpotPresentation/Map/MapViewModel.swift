// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Observation
import PetSpotDomain

/// Backs the Map tab (docs/BEHAVIOUR.md §1.5–§1.6): the reports in the visible
/// region as pins, fetched when the map first shows and again after each
/// pan or zoom gesture ends.
///
/// Gestures are debounced (`debounce` on `clock`), so a fling of quick pans
/// costs one request. Each fetch supersedes the one under way, and a late
/// answer never replaces a newer one. A failure keeps the pins on screen and
/// says so in `errorMessage`. A report this app changes (closed, edited)
/// changes its pin at once, without a fetch.
@MainActor
@Observable
public final class MapViewModel {
    /// The zoom that shows about 10 km around the user in a window-sized map.
    public static let userLocationZoomLevel = 12.0
    public static let userLocationRangeKilometres = 10
    /// Street level, for Show on Map.
    public static let focusZoomLevel = 16.0

    /// Every report the server returned for the region (no client-side status filter), newest first.
    public private(set) var pins: [MapPin] = []
    /// The same reports as cards, newest first (for "Show as List").
    public private(set) var cards: [AnnouncementCard] = []
    public private(set) var isLoading = false
    /// Short; the page shows it with Retry while the old pins stay.
    public private(set) var errorMessage: String?
    /// The last region requested; nil while the map shows the whole data set.
    public private(set) var region: SearchRegion?
    /// Set by `start()` (the user's location, or every pin) and `focus(on:)`.
    public private(set) var camera: MapCameraRequest?
    /// The pin whose popover should be open.
    public private(set) var openPinID: String?
    /// Whether the pins come from the offline cache (the page's banner).
    public var offline: OfflineStatus { store.offline }

    /// What a fetch asks for: one region, or (without a location, before any
    /// gesture) the whole data set, which the other pages share.
    private enum Source {
        case region(SearchRegion)
        case everything(refreshing: Bool)

        var isEverything: Bool {
            if case .everything = self { true } else { false }
        }
    }

    @ObservationIgnored private let store: AnnouncementStore
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let debounce: Duration
    @ObservationIgnored private let locale: Locale
    @ObservationIgnored private var hasStarted = false
    @ObservationIgnored private var lastSource: Source?
    @ObservationIgnored private var cameraSerial = 0
    @ObservationIgnored private var pendingRegionChange: Task<Void, Never>?
    @ObservationIgnored private var currentLoad: Task<Void, Never>?
    @ObservationIgnored private var loadGeneration = 0
    /// Every load that has not finished, superseded ones included (for tests
    /// that check a late answer is dropped).
    @ObservationIgnored private var unfinishedLoads: [Int: Task<Void, Never>] = [:]
    /// The reports the pins show now.
    @ObservationIgnored private var shown: [Announcement] = []

    public init(
        store: AnnouncementStore, clock: any Clock<Duration> = ContinuousClock(),
        debounce: Duration = .milliseconds(300), locale: Locale = Localization.locale
    ) {
        self.store = store
        self.clock = clock
        self.debounce = debounce
        self.locale = locale
        store.onReportChanged { [weak self] in self?.reportChanged($0) }
        // The pins shown offline were the cache's: the backend's replace them.
        store.offline.onRecovered { [weak self] in
            if self?.hasStarted == true { self?.retry() }
        }
    }

    /// First display (later calls do nothing). With the user's location: the
    /// camera centred there and the 10 km around it fetched; without: every
    /// report fetched once and the camera fitted to all of them. After Show on
    /// Map the camera is already on its way to the pet, and the region the
    /// view reports when the move settles brings the pins.
    public func start() {
        guard !hasStarted else { return }
        hasStarted = true
        guard camera == nil else { return }
        if let location = store.userLocation {
            moveCamera(to: .centre(location, zoomLevel: Self.userLocationZoomLevel))
            load(.region(SearchRegion(centre: location, rangeKilometres: Self.userLocationRangeKilometres)))
        } else {
            load(.everything(refreshing: false))
        }
    }

    /// A pan or zoom gesture ended: after `debounce` without another one,
    /// fetch the region covering `viewport`.
    public func regionChanged(_ viewport: MapViewport) {
        pendingRegionChange?.cancel()
        let region = SearchRegion(covering: viewport)
        pendingRegionChange = Task { [clock, debounce] in
            do {
                try await clock.sleep(for: debounce)
            } catch {
                return  // a newer gesture ended meanwhile
            }
            // The sleep may have ended just before a newer gesture cancelled it.
            guard !Task.isCancelled else { return }
            self.load(.region(region))
        }
    }

    /// Fetches the last region again (or everything, if that was the last
    /// fetch). The error stays on screen until the answer.
    public func retry() {
        switch lastSource {
        case .region(let region): load(.region(region))
        case .everything: load(.everything(refreshing: true))
        case nil: start()
        }
    }

    /// F5: as `retry()`, with the error cleared at once.
    public func refresh() {
        errorMessage = nil
        retry()
    }

    /// Show on Map: the camera moves to the pet at street level with its
    /// popover open. The pin is added from the details if it is not shown yet;
    /// the region the view reports when the move settles brings its neighbours.
    /// A fetch under way is for where the map was, so it is dropped.
    public func focus(on details: PetDetails) {
        pendingRegionChange?.cancel()
        supersedeCurrentLoad()
        isLoading = false
        moveCamera(to: .centre(details.coordinate, zoomLevel: Self.focusZoomLevel))
        if !pins.contains(where: { $0.id == details.id }) {
            pins.append(MapPin(details))
        }
        openPinID = details.id
    }

    public func pinActivated(_ id: String) {
        openPinID = id
    }

    public func popoverClosed() {
        openPinID = nil
    }

    /// Completes when the current fetch has landed, including a debounced one
    /// still waiting (so with a manual clock, advance it first).
    public func waitForCurrentLoad() async {
        await pendingRegionChange?.value
        await currentLoad?.value
    }

    /// Completes when every fetch started so far has finished, superseded ones included.
    func waitForEveryLoad() async {
        while let load = unfinishedLoads.first?.value {
            await load.value
        }
    }

    /// A report shown on the map changed here (closed, edited): its pin and
    /// card show it now, as the next fetch would.
    private func reportChanged(_ announcement: Announcement) {
        guard let index = shown.firstIndex(where: { $0.id == announcement.id }) else { return }
        shown[index] = announcement
        let announcements = shown
        let generation = loadGeneration
        Task { [store, locale] in
            let content = await MapContent.build(announcements, userLocation: store.userLocation, locale: locale)
            guard let content, generation == self.loadGeneration else { return }
            self.show(content, fittingCamera: false)
        }
    }

    private func moveCamera(to target: MapCameraRequest.Target) {
        cameraSerial += 1
        camera = MapCameraRequest(serial: cameraSerial, target: target)
    }

    private func supersedeCurrentLoad() {
        currentLoad?.cancel()
        currentLoad = nil
        loadGeneration += 1
    }

    private func load(_ source: Source) {
        supersedeCurrentLoad()
        let generation = loadGeneration
        lastSource = source
        if case .region(let requested) = source { region = requested }
        isLoading = true
        let task = Task { [store, locale] in
            defer { self.unfinishedLoads[generation] = nil }
            let fetched = await Self.fetch(source, from: store)
            guard generation == self.loadGeneration else { return }
            switch fetched {
            case .success(let announcements):
                self.shown = announcements
                let content = await MapContent.build(announcements, userLocation: store.userLocation, locale: locale)
                guard let content, generation == self.loadGeneration else { return }
                self.show(content, fittingCamera: source.isEverything)
            case .failure(let error):
                self.isLoading = false
                // Still the current load (a superseded one stops above): even a
                // `.cancelled` came from below and is worth a Retry.
                self.errorMessage = error.userMessage
            }
        }
        currentLoad = task
        unfinishedLoads[generation] = task
    }

    private static func fetch(_ source: Source, from store: AnnouncementStore) async -> Result<
        [Announcement], RepositoryError
    > {
        switch source {
        case .region(let region):
            do throws(RepositoryError) {
                return .success(try await store.announcements(in: region))
            } catch {
                return .failure(error)
            }
        case .everything(let refreshing):
            let outcome = refreshing ? await store.refresh() : await store.current()
            return outcome.map(\.announcements)
        }
    }

    private func show(_ content: MapContent, fittingCamera: Bool) {
        pins = content.pins
        cards = content.cards
        errorMessage = nil
        isLoading = false
        // Fit once, on the first display without a location; never undo the user's panning.
        if fittingCamera, camera == nil, !pins.isEmpty {
            moveCamera(to: .fit(pins.map(\.coordinate)))
        }
    }
}
