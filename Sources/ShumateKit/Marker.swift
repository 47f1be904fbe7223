// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit

/// A ShumateMarker: `child` drawn centred on a location (pad a pin image so its
/// tip is the centre). Make the child a button with an accessible label: it is
/// what a screen reader reads and what Tab reaches. The marker itself has the
/// generic role, so AT-SPI shows an unnamed filler around the button rather
/// than one named "ShumateMarker" (the presentation role would hide the button too).
///
/// Like every widget wrapper this is a non-owning handle: a marker lives while
/// it is in a layer, and `MarkerLayer.remove` destroys it.
public struct Marker: Widget {
    public let handle: WidgetHandle
    var markerPointer: UnsafeMutablePointer<ShumateMarker> { gcast(raw) }
    /// ShumateMarker implements ShumateLocation (an interface: an OpaquePointer).
    private var locationPointer: OpaquePointer { OpaquePointer(widgetPointer) }

    public init(location: MapLocation, child: some Widget) {
        handle = WidgetHandle(gcast(UnsafeMutableRawPointer(shumate_marker_new()!)))
        Accessibility.setRole(widgetPointer, GTK_ACCESSIBLE_ROLE_GENERIC)  // before its accessible is realized
        shumate_marker_set_child(markerPointer, child.widgetPointer)
        self.location = location
    }

    /// Where the marker stands; clamped to the Mercator range. Setting it moves the marker.
    public var location: MapLocation {
        get {
            MapLocation(
                latitude: shumate_location_get_latitude(locationPointer),
                longitude: shumate_location_get_longitude(locationPointer))
        }
        nonmutating set {
            let location = newValue.clamped
            shumate_location_set_location(locationPointer, location.latitude, location.longitude)
        }
    }
}
