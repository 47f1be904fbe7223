// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit

extension SimpleMap {
    /// A new layer that draws one line through points, above the tiles and
    /// the layers added before it (add it before a marker layer for the line
    /// to pass under that layer's markers). It is drawing only: assistive
    /// technology does not see it.
    public func addPathLayer() -> PathLayer {
        let layer = PathLayer(viewport: viewport)
        Accessibility.setRole(layer.widgetPointer, GTK_ACCESSIBLE_ROLE_PRESENTATION)
        shumate_simple_map_add_overlay_layer(simpleMap, gcast(layer.raw))
        return layer
    }
}

/// A ShumatePathLayer: a line through map locations that follows the view.
/// Keeps its layer alive for as long as this object lives.
@MainActor
public final class PathLayer {
    /// The ShumatePathLayer (a final type: an OpaquePointer), one reference of ours.
    private let layer: OpaquePointer
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(layer) }
    var widgetPointer: UnsafeMutablePointer<GtkWidget> { gcast(raw) }

    init(viewport: OpaquePointer) {
        layer = shumate_path_layer_new(viewport)
        g_object_ref_sink(UnsafeMutableRawPointer(layer))
        shumate_path_layer_set_stroke(layer, 1)
        shumate_path_layer_set_fill(layer, 0)
        shumate_path_layer_set_closed(layer, 0)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(layer))
    }

    /// The line's points, in order; fewer than two draw nothing.
    public func setPoints(_ points: [MapLocation]) {
        shumate_path_layer_remove_all(layer)
        for point in points {
            let location = point.clamped
            // A floating ShumateCoordinate: the layer sinks it and holds it.
            let node = shumate_coordinate_new_full(location.latitude, location.longitude)
            shumate_path_layer_add_node(layer, OpaquePointer(node))
        }
    }

    /// The stroke's colour (components 0…1) and width in pixels.
    public func setStroke(red: Float, green: Float, blue: Float, alpha: Float = 1, width: Double) {
        var colour = GdkRGBA(red: red, green: green, blue: blue, alpha: alpha)
        shumate_path_layer_set_stroke_color(layer, &colour)
        shumate_path_layer_set_stroke_width(layer, width)
        shumate_path_layer_set_outline_width(layer, 0)
    }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widgetPointer) != 0 }
        set { gtk_widget_set_visible(widgetPointer, newValue ? 1 : 0) }
    }
}
