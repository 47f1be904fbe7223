// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit
import PetSpotPresentation
import ShumateKit

/// The map page's markers (docs/BEHAVIOUR.md §1.5: many pins must not freeze
/// the map). The pins are clustered for the zoom level, and the changes to the
/// markers on screen worked out, off the main thread; the changes are then
/// made a slice at a time, each well within a frame, with the map drawing in
/// between. Marker widgets are reused across refetches and zoom levels.
/// Public so that `make bench` measures this very path.
@MainActor
public final class MapMarkers {
    /// Main-thread work per slice: a quarter of a 60 Hz frame, leaving the
    /// rest to input and drawing (one marker widget costs 0.1–0.5 ms to build).
    static let sliceBudget = Duration.milliseconds(4)

    /// The integer zoom level the markers are clustered for; nil before the first `show`.
    public private(set) var clusteredZoom: Int?
    /// Whether the markers of the last `show` are all on the map.
    public private(set) var isSettled = true

    /// A marker's button was activated.
    public var onActivate: @MainActor (MapMarker) -> Void = { _ in }

    private let layer: MarkerLayer
    /// Every marker view on the layer.
    private var views: [MapMarkerView] = []
    /// Changes to make; `views` is what `pending` was worked out from.
    private var pending: ArraySlice<MapMarkerChanges.Change> = []
    private var pendingBase: [MapMarkerView] = []
    private var generation = 0
    private var isSliceScheduled = false

    public init(layer: MarkerLayer) {
        self.layer = layer
    }

    /// Shows `pins` clustered for `zoomLevel`, replacing what an earlier call
    /// has not finished showing.
    public func show(_ pins: [MapPin], zoomLevel: Double) {
        generation += 1
        let generation = generation
        clusteredZoom = Int(zoomLevel.isFinite ? zoomLevel.rounded(.down) : 0)
        isSettled = false
        // Stop here: the changes are worked out from what is on screen now.
        pending = []
        let shownViews = views
        let shown = shownViews.map(\.value)
        Task { [weak self] in
            let changes = await Task.detached(priority: .userInitiated) {
                MapMarkerChanges(from: shown, to: PinClustering.markers(for: pins, zoomLevel: zoomLevel))
            }.value
            guard let self, generation == self.generation else { return }
            pendingBase = shownViews
            pending = changes.changes[...]
            applySlice()
        }
    }

    /// The markers on the map now (tests).
    var shownMarkers: [MapMarker] { views.map(\.value) }

    /// Makes changes until the slice's budget is spent, then lets the loop
    /// draw and handle input before the next slice (idle priority: after redraws).
    private func applySlice() {
        let clock = ContinuousClock()
        let deadline = clock.now + Self.sliceBudget
        var removed = Set<ObjectIdentifier>()
        while let change = pending.first, clock.now < deadline {
            pending = pending.dropFirst()
            switch change {
            case .update(let slot, let marker):
                pendingBase[slot].show(marker)
            case .create(let marker):
                let view = MapMarkerView(marker) { [weak self] in self?.onActivate($0) }
                layer.add(view.marker)
                views.append(view)
            case .remove(let slot):
                let view = pendingBase[slot]
                layer.remove(view.marker)
                removed.insert(ObjectIdentifier(view))
            }
        }
        if !removed.isEmpty { views.removeAll { removed.contains(ObjectIdentifier($0)) } }
        guard pending.isEmpty else {
            scheduleSlice()
            return
        }
        pendingBase = []
        isSettled = true
    }

    private func scheduleSlice() {
        guard !isSliceScheduled else { return }
        isSliceScheduled = true
        MainLoop.post { [weak self] in
            guard let self else { return }
            isSliceScheduled = false
            if !pending.isEmpty { applySlice() }
        }
    }
}
