// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import PetSpotDomain
import ShumateKit
import XCTest

/// Marker layers and markers: counts, locations, where they are drawn, and
/// what assistive technology sees.
final class MarkerTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireDisplay() }
    }

    func testAddRemoveAndRemoveAllCountMarkers() {
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            let layer = map.addMarkerLayer()
            XCTAssertEqual(layer.count, 0)
            let markers = [Places.warsaw, Places.krakow, Places.gdansk].map { place in
                Marker(location: place, child: Button(label: "Pin"))
            }
            markers.forEach(layer.add)
            XCTAssertEqual(layer.count, 3)
            layer.remove(markers[1])
            XCTAssertEqual(layer.count, 2)

            let other = map.addMarkerLayer()
            let stranger = Marker(location: Places.wilanow, child: Button(label: "Pin"))
            other.add(stranger)
            layer.remove(stranger)  // not this layer's: left alone
            XCTAssertEqual(layer.count, 2)
            XCTAssertEqual(other.count, 1)

            layer.removeAll()
            XCTAssertEqual(layer.count, 0)
            XCTAssertEqual(other.count, 1)
        }
    }

    func testAMarkerHoldsItsChildAndItsClampedLocation() {
        MainActor.assumeIsolated {
            let button = Button(label: "Rex")
            let marker = Marker(location: Places.krakow, child: button)
            g_object_ref_sink(marker.raw)
            defer { g_object_unref(marker.raw) }
            XCTAssertEqual(marker.location, Places.krakow)
            XCTAssertEqual(gtk_widget_get_parent(button.handle.pointer), marker.handle.pointer)
            marker.location = Places.gdansk
            XCTAssertEqual(marker.location.latitude, Places.gdansk.latitude, accuracy: 1e-9)
            marker.location = MapLocation(latitude: 89, longitude: 18)
            XCTAssertEqual(marker.location.latitude, WebMercator.maxLatitude, accuracy: 1e-9)
        }
    }

    func testAMarkerIsDrawnCentredOnItsLocation() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let map = shown.map
            map.zoomLevel = 12
            map.centre = Places.warsaw
            let layer = map.addMarkerLayer()
            let button = Button(label: "Rex")
            layer.add(Marker(location: Places.pragaPoludnie, child: button))
            XCTAssertTrue(runMainLoop(until: { button.isMapped && gtk_widget_get_width(button.handle.pointer) > 0 }))
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(button.handle.pointer, map.handle.pointer, &bounds), 0)
            guard let point = map.widgetPoint(for: Places.pragaPoludnie) else { return XCTFail("no point") }
            XCTAssertEqual(Double(bounds.origin.x + bounds.size.width / 2), point.x, accuracy: 2)
            XCTAssertEqual(Double(bounds.origin.y + bounds.size.height / 2), point.y, accuracy: 2)
        }
    }

    func testLibraryWidgetsAreGenericSoNoTypeNameIsRead() {
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            func role(_ widget: UnsafeMutablePointer<GtkWidget>) -> GtkAccessibleRole {
                gtk_accessible_get_accessible_role(OpaquePointer(widget))
            }
            let marker = Marker(location: Places.warsaw, child: Button(label: "Rex"))
            let layer = map.addMarkerLayer()
            layer.add(marker)
            XCTAssertEqual(role(marker.handle.pointer), GTK_ACCESSIBLE_ROLE_GENERIC)
            XCTAssertEqual(role(map.innerMapPointer), GTK_ACCESSIBLE_ROLE_GENERIC)
            XCTAssertEqual(role(map.licenseWidget), GTK_ACCESSIBLE_ROLE_GENERIC)
            XCTAssertEqual(role(gtk_widget_get_parent(marker.handle.pointer)), GTK_ACCESSIBLE_ROLE_GENERIC, "the layer")
            let tileLayer = gtk_widget_get_first_child(map.innerMapPointer)!
            XCTAssertEqual(role(tileLayer), GTK_ACCESSIBLE_ROLE_GENERIC)

            let named = map.addMarkerLayer(accessibleLabel: "Reports on the map")
            let other = Marker(location: Places.krakow, child: Button(label: "Tom"))
            named.add(other)
            XCTAssertEqual(role(gtk_widget_get_parent(other.handle.pointer)), GTK_ACCESSIBLE_ROLE_GROUP)
        }
    }

    func testMarkerLayersAreDrawnAboveTheTiles() {
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            let layer = map.addMarkerLayer()
            let marker = Marker(location: Places.warsaw, child: Button(label: "Rex"))
            layer.add(marker)
            let layerWidget = gtk_widget_get_parent(marker.handle.pointer)
            XCTAssertEqual(gtk_widget_get_parent(layerWidget), map.innerMapPointer)
            XCTAssertEqual(gtk_widget_get_last_child(map.innerMapPointer), layerWidget, "drawn last, so on top")
        }
    }

    func testALayerOutlivingItsMapIsSafe() {
        MainActor.assumeIsolated {
            var layer: MarkerLayer?
            do {
                let shown = ShownMap()
                guard shown.waitForSize() else { return shown.close() }
                layer = shown.map.addMarkerLayer()
                layer?.add(Marker(location: Places.warsaw, child: Button(label: "Rex")))
                shown.close()
            }
            XCTAssertNotNil(layer)
            layer = nil  // releases the last reference on the layer
        }
    }
}
