// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit

extension SimpleMap {
    /// The geographic corners of the visible area: top-left, top-right,
    /// bottom-right, bottom-left. libshumate has no bounds getter, so these are
    /// `shumate_viewport_widget_coords_to_location` at the inner ShumateMap's
    /// corners. Nil while the map has no size (never shown) or no tile source.
    ///
    /// When the view is wider than the world (low zoom levels) the longitudes go
    /// past ±180° and the latitudes past the Mercator limit, as drawn.
    public var visibleCorners: [MapLocation]? {
        guard let size = innerMapSize, shumate_viewport_get_reference_map_source(viewport) != nil else { return nil }
        let points: [(Double, Double)] = [(0, 0), (size.width, 0), (size.width, size.height), (0, size.height)]
        return points.map { x, y in location(atInnerMapX: x, y: y) }
    }

    /// Where `location` is drawn, in the SimpleMap's own coordinates (to point a
    /// popover at a pin); nil while the map has no size. The point may lie
    /// outside the widget when the location is not in view.
    public func widgetPoint(for location: MapLocation) -> (x: Double, y: Double)? {
        guard innerMapSize != nil, shumate_viewport_get_reference_map_source(viewport) != nil else { return nil }
        let clamped = location.clamped
        var x = 0.0
        var y = 0.0
        shumate_viewport_location_to_widget_coords(
            viewport, innerMapWidget, clamped.latitude, clamped.longitude, &x, &y)
        var outerX = 0.0
        var outerY = 0.0
        // The inner map fills the SimpleMap today; translating keeps this true if it ever does not.
        guard gtk_widget_translate_coordinates(innerMapWidget, widgetPointer, x, y, &outerX, &outerY) != 0 else {
            return (x, y)
        }
        return (outerX, outerY)
    }

    /// The inner map's allocated size; nil before its first allocation.
    var innerMapSize: (width: Double, height: Double)? {
        let width = gtk_widget_get_width(innerMapWidget)
        let height = gtk_widget_get_height(innerMapWidget)
        guard width > 0, height > 0 else { return nil }
        return (Double(width), Double(height))
    }

    /// The location under a point of the inner map.
    func location(atInnerMapX x: Double, y: Double) -> MapLocation {
        var latitude = 0.0
        var longitude = 0.0
        shumate_viewport_widget_coords_to_location(viewport, innerMapWidget, x, y, &latitude, &longitude)
        return MapLocation(latitude: latitude, longitude: longitude)
    }
}
