// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import PetSpotDomain
import ShumateKit
import XCTest

final class SimpleMapTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            if gtk_init_check() == 0 {
                throw XCTSkip("no display for GTK: run the unit tests through `make test` (Xvfb)")
            }
        }
    }

    func testCentreAndZoomReadBackWhatWasSet() {
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            map.zoomLevel = 12
            map.centre = MapLocation(latitude: 52.2297, longitude: 21.0122)
            XCTAssertEqual(map.zoomLevel, 12, accuracy: 1e-9)
            XCTAssertEqual(map.centre.latitude, 52.2297, accuracy: 1e-9)
            XCTAssertEqual(map.centre.longitude, 21.0122, accuracy: 1e-9)
        }
    }

    func testLatitudeBeyondTheProjectionIsClamped() {
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            map.centre = MapLocation(latitude: 89.9, longitude: 10)
            XCTAssertEqual(map.centre.latitude, WebMercator.maxLatitude, accuracy: 1e-9)
            map.centre = MapLocation(latitude: -90, longitude: 10)
            XCTAssertEqual(map.centre.latitude, -WebMercator.maxLatitude, accuracy: 1e-9)
            XCTAssertEqual(MapLocation(latitude: 91, longitude: 0).clamped.latitude, WebMercator.maxLatitude)
        }
    }

    func testShowsOpenStreetMapTiles() {
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            XCTAssertEqual(map.mapSourceID, "osm-mapnik")
        }
    }

    func testTheAttributionIsShownInTheMapsCorner() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let license = AnyWidget(shown.map.licenseWidget)
            XCTAssertTrue(license.isVisible)
            XCTAssertTrue(runMainLoop(until: { license.isMapped && gtk_widget_get_width(license.handle.pointer) > 0 }))
            let attribution = shown.map.attribution ?? ""
            XCTAssertEqual(attribution, "© OpenStreetMap contributors", "the wording OSM's tile policy asks for")
            XCTAssertEqual(license.shownLabelTexts.first, attribution, "the overlay shows the source's license")
        }
    }

    func testGoToWhileNotShownMovesAtOnce() {
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            map.goTo(latitude: Places.krakow.latitude, longitude: Places.krakow.longitude, zoom: 13)
            XCTAssertEqual(map.zoomLevel, 13, accuracy: 1e-9)
            XCTAssertEqual(map.centre.latitude, Places.krakow.latitude, accuracy: 1e-9)
        }
    }

    func testGoToWhileShownAnimatesThere() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            shown.map.zoomLevel = 12
            shown.map.centre = Places.warsaw
            shown.map.goTo(latitude: Places.wilanow.latitude, longitude: Places.wilanow.longitude, zoom: 13)
            XCTAssertEqual(shown.map.zoomLevel, 12, accuracy: 1e-9, "animated, so not there yet")
            XCTAssertTrue(runMainLoop(until: { abs(shown.map.zoomLevel - 13) < 1e-6 }, timeout: 30))
            XCTAssertEqual(shown.map.centre.latitude, Places.wilanow.latitude, accuracy: 1e-6)
        }
    }
}
