// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit

/// The Swift-side state of one map (`SimpleMap` is a non-owning handle, like
/// every widget wrapper): kept on the ShumateSimpleMap as object data, so it
/// lives exactly as long as the widget.
@MainActor
final class MapState {
    /// The integer zoom level the last `zoomIn`/`zoomOut` animates to, so that
    /// pressing + twice in quick succession goes two levels up.
    var zoomTarget: Double?
    /// When `zoomTarget` was asked for (monotonic µs).
    var zoomTargetSetAt: gint64 = 0
    /// A `fit` requested before the map had a size, applied on its first frame with one.
    var pendingFit: PendingFit?
    /// The tick callback waiting to apply `pendingFit` (0 when none).
    var pendingFitTick: guint = 0

    struct PendingFit {
        var locations: [MapLocation]
        var padding: Double
        var animated: Bool
    }

    /// The state of `map`, created on first use.
    static func of(_ map: SimpleMap) -> MapState {
        let object = gobject(map.raw)
        if let data = g_object_get_data(object, key), let box = ClosureBox<MapState>.from(data) {
            return box.value
        }
        let state = MapState()
        g_object_set_data_full(object, key, ClosureBox(state).retainedPointer(), releaseBox)
        return state
    }

    private static let key = "petspot-map-state"
}
