// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit
import PetSpotDomain

extension SimpleMap {
    /// Centres on the bounding box of `locations` at the largest zoom level at
    /// which all of them fit inside the current size minus `padding` pixels on
    /// each side, computed in Web Mercator (not by trial); one location gets
    /// zoom level 16. The zoom level may be fractional, for the tightest fit.
    ///
    /// At once by default, or `animated` (half a second) when the map is on
    /// screen. Before the map has a size (its page never shown) the fit waits
    /// for the first frame with one. No locations: nothing happens.
    public func fit(_ locations: [MapLocation], padding: Double = 48, animated: Bool = false) {
        guard !locations.isEmpty else { return }
        let state = MapState.of(self)
        guard innerMapSize != nil else {
            state.pendingFit = MapState.PendingFit(locations: locations, padding: padding, animated: animated)
            applyFitOnFirstSizedFrame(state)
            return
        }
        state.pendingFit = nil
        applyFit(locations, padding: padding, animated: animated)
    }

    /// Duration of an animated fit.
    static let fitAnimationMilliseconds: guint = 500

    private func applyFit(_ locations: [MapLocation], padding: Double, animated: Bool) {
        guard let size = innerMapSize else { return }
        let source = shumate_viewport_get_reference_map_source(viewport)
        let tileSize = source.map { Double(shumate_map_source_get_tile_size($0)) } ?? 256
        guard
            let camera = WebMercator.camera(
                fitting: locations, width: size.width, height: size.height, padding: max(padding, 0),
                tileSize: tileSize > 0 ? tileSize : 256, zoomRange: zoomRange)
        else { return }
        MapState.of(self).zoomTarget = nil
        if animated && isMapped {
            shumate_map_go_to_full_with_duration(
                innerMap, camera.centre.latitude, camera.centre.longitude, camera.zoomLevel,
                Self.fitAnimationMilliseconds)
        } else {
            shumate_map_stop_go_to(innerMap)  // an animation under way would undo the jump
            zoomLevel = camera.zoomLevel
            centre = camera.centre
        }
    }

    /// A tick callback runs once per frame while the map is mapped: the first
    /// one after the map got a size applies the latest pending fit.
    private func applyFitOnFirstSizedFrame(_ state: MapState) {
        guard state.pendingFitTick == 0 else { return }
        let map = self
        let tick = ClosureBox<FitTick> { [weak state] in
            guard let state else { return false }
            guard map.innerMapSize != nil else { return true }  // not laid out yet: next frame
            state.pendingFitTick = 0
            if let fit = state.pendingFit {
                state.pendingFit = nil
                map.applyFit(fit.locations, padding: fit.padding, animated: fit.animated)
            }
            return false
        }
        state.pendingFitTick = gtk_widget_add_tick_callback(widgetPointer, fitTick, tick.retainedPointer(), releaseBox)
    }
}

/// Returns whether to keep ticking.
typealias FitTick = @MainActor () -> Bool

private let fitTick: GtkTickCallback = { _, _, data in
    guard let tick = ClosureBox<FitTick>.from(data) else { return gboolean(0) }
    return MainActor.assumeIsolated { tick.value() } ? gboolean(1) : gboolean(0)
}
