// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import GtkKit
import PetSpotDomain
import PetSpotPresentation
import ShumateKit

/// Where pets went missing: every report in the visible region as a pin on an
/// OpenStreetMap map, fetched again after each pan or zoom, clustered when
/// dense, with a popover per pin; and the same reports as a list for people
/// who do not use the map.
@MainActor
final class MapPage: DeferrablePage, MapHost {
    static let label = PageLabel(tab: .map, title: tr("Map"), iconName: "mark-location-symbolic")
    let rootWidget: AnyWidget

    private let viewModel: MapViewModel
    private let app: AppCoordinator
    private let photos: PhotoLoader
    private let map = SimpleMap(accessibleLabel: tr("Map of reports"))
    private let markers: MapMarkers
    /// Internal for the page tests.
    let popover: MapPinPopover
    private let views = Stack(transition: .crossfade)
    private let list: AnnouncementCardList
    private let listToggle = ToggleButton(iconName: "view-list-symbolic", accessibleLabel: tr("Show as List"))
    private let zoomButtons: Box
    private let spinner = Spinner(accessibleLabel: tr("Loading map reports"), size: 16)
    private let errorBanner: MapErrorBanner
    private let tilesNote = Label(tr("Map tiles are unavailable"), cssClasses: ["map-note", "caption"])

    private var shownPins: [MapPin] = []
    /// The open popover's report's sightings; nil when the backend may have none.
    private let sightingMarks: SightingMarks?
    private let sightingMarksViewModel: SightingMarksViewModel?
    private var appliedCameraSerial: Int?
    private var hasProbedTiles = false

    init(
        viewModel: MapViewModel, app: AppCoordinator, photos: PhotoLoader, sightings: SightingMarksViewModel? = nil
    ) {
        self.viewModel = viewModel
        self.app = app
        self.photos = photos
        sightingMarksViewModel = sightings
        // Before the pins' layer: the line and the marks go under the pins.
        sightingMarks = sightings.map { [map] in SightingMarks(viewModel: $0, map: map) }
        markers = MapMarkers(layer: map.addMarkerLayer())
        map.enableKeyboardNavigation()
        map.setExpand(horizontal: true, vertical: true)
        popover = MapPinPopover(parent: map, photos: photos)
        list = AnnouncementCardList(
            listLabel: tr("Reports on the map"), areaLabel: tr("Reports on the map list"), photos: photos,
            onActivate: { id in app.openDetails(id: id) })
        errorBanner = MapErrorBanner(onRetry: { viewModel.retry() })

        let zoomOut = Button(iconName: "zoom-out-symbolic", accessibleLabel: tr("Zoom Out"))
        let zoomIn = Button(iconName: "zoom-in-symbolic", accessibleLabel: tr("Zoom In"))
        zoomButtons = Box(.horizontal, children: [zoomOut, zoomIn])
        zoomButtons.addCSSClass("linked")
        let spacer = Box(.horizontal)
        spacer.setExpand(horizontal: true)
        let toolbar = Box(
            .horizontal, spacing: 8, children: [MapLegend().root, spacer, spinner, zoomButtons, listToggle])
        toolbar.setMargins(top: 6, bottom: 6, start: 12, end: 12)

        let mapArea = Overlay(child: map)
        errorBanner.root.setAlign(horizontal: .center, vertical: .start)
        errorBanner.root.setMargins(top: 12, start: 12, end: 12)
        mapArea.addOverlay(errorBanner.root)
        // Top left: the scale sits bottom left and the attribution bottom right.
        tilesNote.setAlign(horizontal: .start, vertical: .start)
        tilesNote.setMargins(top: 8, start: 8)
        tilesNote.isVisible = false
        mapArea.addOverlay(tilesNote)
        views.add(mapArea, name: "map")
        views.add(list.root, name: "list")
        views.setExpand(vertical: true)
        let offlineBanner = OfflineBanner(status: viewModel.offline, onRetry: { viewModel.refresh() })
        offlineBanner.root.setMargins(bottom: 6, start: 12, end: 12)
        rootWidget = AnyWidget(Box(.vertical, children: [toolbar, offlineBanner.root, views]))

        zoomIn.onClicked { [map] in map.zoomIn() }
        zoomOut.onClicked { [map] in map.zoomOut() }
        listToggle.onToggled { [unowned self] in showList(listToggle.isActive) }
        markers.onActivate = { [unowned self] in markerActivated($0) }
        popover.onOpenDetails = { id in app.openDetails(id: id) }
        popover.onClosed { [weak viewModel] in viewModel?.popoverClosed() }
        // The view model debounces again, so this only needs to see a gesture out.
        map.onViewportSettled(delay: .milliseconds(250)) { [unowned self] in viewportSettled() }
        // Show on Map moves the camera while the tab is still hidden: open the
        // pet's popover once the map is on screen.
        map.onMappedChanged { [unowned self] isMapped in if isMapped { showOpenPin() } }
        spinner.onMappedChanged { [unowned self] _ in updateSpinner() }
        rootWidget.keepAlive(self)
        rootWidget.bind { [unowned self] in render() }
        if let sightingMarks { rootWidget.bind { sightingMarks.render() } }
    }

    // MARK: AppPage

    func appeared() {
        viewModel.start()
        probeTilesOnce()
    }

    func refresh() {
        photos.forgetFailures()
        viewModel.refresh()
    }

    // MARK: MapHost

    func focus(on details: PetDetails) {
        listToggle.isActive = false
        viewModel.focus(on: details)
    }

    // MARK: Rendering

    private func render() {
        let pins = viewModel.pins
        if pins != shownPins {
            shownPins = pins
            markers.show(pins, zoomLevel: map.zoomLevel)
        }
        // The list is only filled while shown: thousands of rows for a hidden
        // list cost the map frames.
        if listToggle.isActive { list.show(viewModel.cards) }
        updateSpinner()
        errorBanner.show(viewModel.errorMessage)
        applyCamera()
        showOpenPin()
        let openPin = viewModel.openPinID.flatMap { id in shownPins.first { $0.id == id } }
        sightingMarksViewModel?.show(reportID: openPin?.id, at: openPin?.coordinate)
    }

    private func updateSpinner() {
        spinner.isVisible = viewModel.isLoading
        spinner.isSpinning = viewModel.isLoading && spinner.isMapped
    }

    private func markerActivated(_ marker: MapMarker) {
        switch marker {
        case .pin(let pin):
            viewModel.pinActivated(pin.id)
        case .cluster(let cluster):
            map.goTo(
                latitude: cluster.coordinate.latitude, longitude: cluster.coordinate.longitude,
                zoom: cluster.zoomLevelToSeparate)
        }
    }

    /// Opens (or follows) the popover of the pin the view model says is open.
    private func showOpenPin() {
        guard let id = viewModel.openPinID, let pin = shownPins.first(where: { $0.id == id }),
            views.visibleChildName == "map", map.isMapped,
            let point = map.widgetPoint(for: MapLocation(pin.coordinate))
        else {
            if viewModel.openPinID == nil { popover.close() }
            return
        }
        popover.show(pin, atX: point.x, y: point.y, mapHeight: map.allocatedHeight)
    }

    /// Moves the map where the view model asks, once per request. The map
    /// keeps a fit asked for before it has a size until its first sized frame.
    private func applyCamera() {
        guard let camera = viewModel.camera, camera.serial != appliedCameraSerial else { return }
        appliedCameraSerial = camera.serial
        switch camera.target {
        case .centre(let coordinate, let zoomLevel):
            map.goTo(latitude: coordinate.latitude, longitude: coordinate.longitude, zoom: zoomLevel)
        case .fit(let coordinates):
            // Room for a cluster marker's radius and its shadow at the edges.
            map.fit(coordinates.map(MapLocation.init), padding: 64)
        }
    }

    /// A pan or zoom ended: recluster on a new zoom level, keep the popover on
    /// its pin, and ask for the new region.
    private func viewportSettled() {
        // The tiles just fetched joined libshumate's cache: keep it under PetSpot's cap.
        TileCache.trimIfDue()
        if markers.clusteredZoom != Int(map.zoomLevel.rounded(.down)) {
            markers.show(shownPins, zoomLevel: map.zoomLevel)
        }
        showOpenPin()
        guard let corners = map.visibleCorners, let viewport = MapViewport(centre: map.centre, corners: corners)
        else { return }
        viewModel.regionChanged(viewport)
    }

    private func showList(_ isList: Bool) {
        if isList { list.show(viewModel.cards) }
        views.visibleChildName = isList ? "list" : "map"
        zoomButtons.isVisible = !isList
        if isList { popover.close() }
    }

    /// libshumate drops tile errors silently: ask once whether tiles can be had,
    /// and say so discreetly when they cannot (pins still work).
    private func probeTilesOnce() {
        guard !hasProbedTiles else { return }
        hasProbedTiles = true
        map.probeTiles { [weak self] available in self?.tilesNote.isVisible = !available }
    }
}

extension MapLocation {
    /// Where a report is, for the map widgets (public for `make bench`).
    public init(_ coordinate: Coordinate) {
        self.init(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }
}

extension MapViewport {
    /// The viewport the map reports, in valid coordinates: at low zoom levels the
    /// map's corners can lie past ±180° of longitude or the Mercator limit.
    init?(centre: MapLocation, corners: [MapLocation]) {
        func coordinate(_ location: MapLocation) -> Coordinate? {
            var longitude = location.longitude.truncatingRemainder(dividingBy: 360)
            if longitude > 180 { longitude -= 360 }
            if longitude < -180 { longitude += 360 }
            return Coordinate(latitude: min(max(location.latitude, -90), 90), longitude: longitude)
        }
        guard let centre = coordinate(centre) else { return nil }
        let valid = corners.compactMap(coordinate)
        guard valid.count == corners.count else { return nil }
        self.init(centre: centre, corners: valid)
    }
}
