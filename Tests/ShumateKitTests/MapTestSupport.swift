// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import ShumateKit
import XCTest

/// GTK needs a display: `make test` provides Xvfb. Without one, map tests skip.
@MainActor
func requireDisplay() throws {
    guard PlainWindow.openDisplay() else {
        throw XCTSkip("no display for GTK: run the unit tests through `make test` (Xvfb)")
    }
}

/// Spins GLib's main loop until `condition` holds (false after `timeout` seconds).
@MainActor
func runMainLoop(until condition: () -> Bool, timeout: Double = 30) -> Bool {
    MainLoop.iterate(until: condition, timeout: timeout)
}

/// Spins the main loop for `seconds`, for "nothing more happens" checks and
/// for spacing changes apart as a user would; returns whether `condition` became true.
@MainActor
func conditionBecomesTrue(within seconds: Double, _ condition: () -> Bool) -> Bool {
    MainLoop.iterate(until: condition, timeout: seconds)
}

/// The monotonic clock in seconds.
func monotonicSeconds() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }

/// A SimpleMap in a presented 800×600 window, laid out: what needs a size and a
/// frame clock (corners, animations, popovers) behaves as in the app.
@MainActor
struct ShownMap {
    let map: SimpleMap
    let window: PlainWindow

    init(map: SimpleMap = SimpleMap(accessibleLabel: "Map of reports"), width: Int32 = 800, height: Int32 = 600) {
        self.map = map
        window = PlainWindow.showing(map, width: width, height: height)
    }

    /// Waits until the map is mapped and has its size.
    func waitForSize(file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let ready = runMainLoop(until: { map.isMapped && map.visibleCorners != nil })
        XCTAssertTrue(ready, "the map never got a size", file: file, line: line)
        return ready
    }

    var width: Double { Double(gtk_widget_get_width(map.handle.pointer)) }
    var height: Double { Double(gtk_widget_get_height(map.handle.pointer)) }

    func close() {
        window.destroy()
        _ = runMainLoop(until: { false }, timeout: 0.05)  // let GTK finish tearing down
    }
}

/// GdkModifierType as a GValue, to emit `key-pressed` as GDK does.
struct ModifierFlags: GValueRepresentable {
    let rawValue: UInt32
    init(_ rawValue: UInt32 = 0) { self.rawValue = rawValue }
    init?(gValue: UnsafePointer<GValue>) { rawValue = g_value_get_flags(gValue) }
    var gValueType: GType { gdk_modifier_type_get_type() }
    func store(in gValue: UnsafeMutablePointer<GValue>) { g_value_set_flags(gValue, rawValue) }
}

extension MapLocation {
    /// Whether this location lies inside the area the corners (top-left,
    /// top-right, bottom-right, bottom-left of an unrotated map) enclose.
    func isInside(_ corners: [MapLocation]) -> Bool {
        let west = min(corners[0].longitude, corners[3].longitude)
        let east = max(corners[1].longitude, corners[2].longitude)
        let north = max(corners[0].latitude, corners[1].latitude)
        let south = min(corners[2].latitude, corners[3].latitude)
        return (west...east).contains(longitude) && (south...north).contains(latitude)
    }
}

/// Places around Warsaw, for fits and markers.
enum Places {
    static let warsaw = MapLocation(latitude: 52.2297, longitude: 21.0122)
    static let pragaPoludnie = MapLocation(latitude: 52.2390, longitude: 21.0830)
    static let wilanow = MapLocation(latitude: 52.1650, longitude: 21.0900)
    static let bielany = MapLocation(latitude: 52.2900, longitude: 20.9400)
    static let krakow = MapLocation(latitude: 50.0647, longitude: 19.9450)
    static let gdansk = MapLocation(latitude: 54.3520, longitude: 18.6466)
}
