// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit

extension SimpleMap {
    /// A new layer for markers, drawn above the tiles (and above earlier layers).
    /// It has the generic role: AT-SPI shows an unnamed filler, not "ShumateMarkerLayer".
    public func addMarkerLayer() -> MarkerLayer {
        let layer = MarkerLayer(viewport: viewport)
        Accessibility.setRole(layer.widgetPointer, GTK_ACCESSIBLE_ROLE_GENERIC)
        shumate_simple_map_add_overlay_layer(simpleMap, gcast(layer.raw))
        MarkerClicks.install(on: self)
        return layer
    }

    /// A new marker layer that assistive technology presents as a group named
    /// `accessibleLabel` ("Reports on the map"), around its markers' buttons.
    public func addMarkerLayer(accessibleLabel: String) -> MarkerLayer {
        let layer = MarkerLayer(viewport: viewport)
        Accessibility.makeGroup(layer.widgetPointer, named: accessibleLabel)
        shumate_simple_map_add_overlay_layer(simpleMap, gcast(layer.raw))
        MarkerClicks.install(on: self)
        return layer
    }
}

/// A ShumateMarkerLayer over a map's viewport (an overlay layer of the
/// SimpleMap): holds markers and keeps them at their locations as the view moves.
/// Keeps its layer alive for as long as this object lives.
@MainActor
public final class MarkerLayer {
    /// The ShumateMarkerLayer (a final type: an OpaquePointer), one reference of ours.
    private let layer: OpaquePointer
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(layer) }
    var widgetPointer: UnsafeMutablePointer<GtkWidget> { gcast(raw) }

    init(viewport: OpaquePointer) {
        layer = shumate_marker_layer_new(viewport)
        g_object_ref_sink(UnsafeMutableRawPointer(layer))
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(layer))
    }

    /// Adds `marker` to the layer (a marker belongs to one layer at a time).
    public func add(_ marker: Marker) {
        shumate_marker_layer_add_marker(layer, marker.markerPointer)
    }

    /// Removes `marker` from the layer, which destroys it unless something else
    /// holds it; a marker of another layer (or of none) is left alone.
    public func remove(_ marker: Marker) {
        guard gtk_widget_get_parent(marker.widgetPointer) == widgetPointer else { return }
        shumate_marker_layer_remove_marker(layer, marker.markerPointer)
    }

    /// Removes every marker.
    public func removeAll() { shumate_marker_layer_remove_all(layer) }

    /// How many markers the layer holds.
    public var count: Int {
        guard let markers = shumate_marker_layer_get_markers(layer) else { return 0 }
        defer { g_list_free(markers) }  // the list is ours, the markers are not
        return Int(g_list_length(markers))
    }
}
