// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import ShumateKit
import XCTest

@testable import PetSpotUI

/// The page's markers: clustered off the main thread, put on the map in
/// slices, and reused rather than rebuilt when the zoom renames every cluster.
final class MapMarkersTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    /// `count` reports within a few metres of `latitude`, `longitude`: one cluster at any city zoom.
    private static func group(_ prefix: String, count: Int, latitude: Double, longitude: Double) -> [MapPin] {
        (0..<count).map { index in
            MapPin(
                Fixtures.announcement(
                    "\(prefix)\(index)", name: "\(prefix) \(index)",
                    latitude: latitude + Double(index) * 0.00001, longitude: longitude), userLocation: nil)
        }
    }

    private static let twoGroups =
        group("w", count: 3, latitude: 52.2297, longitude: 21.0122)
        + group("p", count: 2, latitude: 52.3500, longitude: 21.2500)

    /// A map over central Warsaw in a window, with `MapMarkers` on its layer.
    @MainActor
    private struct Scene {
        let map = SimpleMap(accessibleLabel: "Map of reports")
        let markers: MapMarkers
        let layer: MarkerLayer
        let window: PlainWindow

        init() {
            layer = map.addMarkerLayer()
            markers = MapMarkers(layer: layer)
            map.zoomLevel = 10
            map.centre = MapLocation(latitude: 52.2297, longitude: 21.0122)
            window = PlainWindow.showing(map, width: 800, height: 600)
        }

        var clusterButtons: [AnyWidget] { map.shownWidgets(withCSSClass: "map-cluster") }
    }

    func testMarkersArriveLaterAndMatchTheClustering() {
        MainActor.assumeIsolated {
            let scene = Scene()
            defer { scene.window.destroy() }
            let pins =
                Self.twoGroups + [
                    MapPin(Fixtures.announcement("krakow", latitude: 50.06, longitude: 19.94), userLocation: nil)
                ]

            scene.markers.show(pins, zoomLevel: 10)

            XCTAssertEqual(scene.layer.count, 0, "clustering runs off the main thread: show returns at once")
            XCTAssertFalse(scene.markers.isSettled)
            XCTAssertTrue(waitUntil { scene.markers.isSettled })
            XCTAssertEqual(Set(scene.markers.shownMarkers), Set(PinClustering.markers(for: pins, zoomLevel: 10)))
            XCTAssertEqual(scene.layer.count, 3)
            XCTAssertEqual(scene.markers.clusteredZoom, 10)
        }
    }

    func testAZoomThatRenamesTheClustersReusesTheirWidgets() {
        MainActor.assumeIsolated {
            let scene = Scene()
            defer { scene.window.destroy() }
            scene.markers.show(Self.twoGroups, zoomLevel: 10)
            XCTAssertTrue(waitUntil { scene.markers.isSettled && scene.clusterButtons.count == 2 })
            let before = Set(scene.clusterButtons.map(\.widgetPointer))
            // Held, so a destroyed button's memory cannot come back as a new one at the same address.
            for button in before { g_object_ref(button) }
            defer { for button in before { g_object_unref(button) } }
            let idsBefore = Set(scene.markers.shownMarkers.map(\.id))

            scene.map.zoomLevel = 11
            scene.markers.show(Self.twoGroups, zoomLevel: 11)
            XCTAssertTrue(waitUntil { scene.markers.isSettled })

            XCTAssertTrue(Set(scene.markers.shownMarkers.map(\.id)).isDisjoint(with: idsBefore), "new cluster ids")
            XCTAssertTrue(waitUntil { scene.clusterButtons.count == 2 })
            XCTAssertEqual(Set(scene.clusterButtons.map(\.widgetPointer)), before, "the same two buttons")
            XCTAssertEqual(scene.layer.count, 2)
        }
    }

    func testAReusedMarkerActivatesWithWhatItShowsNow() {
        MainActor.assumeIsolated {
            let scene = Scene()
            defer { scene.window.destroy() }
            var activated: [MapMarker] = []
            scene.markers.onActivate = { activated.append($0) }
            let three = Self.group("w", count: 3, latitude: 52.2297, longitude: 21.0122)
            scene.markers.show(three, zoomLevel: 10)
            XCTAssertTrue(waitUntil { scene.markers.isSettled && scene.clusterButtons.count == 1 })
            let button = scene.clusterButtons[0]

            let four = Self.group("w", count: 4, latitude: 52.2297, longitude: 21.0122)
            scene.markers.show(four, zoomLevel: 10)
            XCTAssertTrue(waitUntil { scene.markers.isSettled })
            XCTAssertEqual(scene.clusterButtons.map(\.widgetPointer), [button.widgetPointer])
            XCTAssertEqual(button.shownLabelTexts, ["4"])

            Signals.emit("clicked", on: UnsafeMutableRawPointer(button.widgetPointer))
            guard case .cluster(let cluster) = activated.last else { return XCTFail("activated: \(activated)") }
            XCTAssertEqual(cluster.pins.count, 4)
        }
    }

    func testALaterShowWinsOverOneStillBeingWorkedOut() {
        MainActor.assumeIsolated {
            let scene = Scene()
            defer { scene.window.destroy() }
            let krakow = [MapPin(Fixtures.announcement("krakow", latitude: 50.06, longitude: 19.94), userLocation: nil)]

            scene.markers.show(Self.twoGroups, zoomLevel: 10)
            scene.markers.show(krakow, zoomLevel: 10)
            XCTAssertTrue(waitUntil { scene.markers.isSettled })

            XCTAssertEqual(scene.markers.shownMarkers, krakow.map(MapMarker.pin))
            XCTAssertEqual(scene.layer.count, 1)
        }
    }
}
