// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit
import PetSpotDomain
import ShumateKit
import XCTest

/// The visible corners, where a location is drawn, and fitting locations in view.
final class VisibleAreaTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireDisplay() }
    }

    func testNoCornersOrPointsWithoutASize() {
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            g_object_ref_sink(map.raw)
            defer { g_object_unref(map.raw) }
            XCTAssertNil(map.visibleCorners)
            XCTAssertNil(map.widgetPoint(for: Places.warsaw))
        }
    }

    func testCornersSurroundTheCentreAndWidenWhenZoomingOut() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let map = shown.map
            map.zoomLevel = 10
            map.centre = Places.warsaw
            guard let corners = map.visibleCorners else { return XCTFail("no corners with a size") }
            XCTAssertEqual(corners.count, 4)
            let (topLeft, topRight, bottomRight, bottomLeft) = (corners[0], corners[1], corners[2], corners[3])
            let centre = map.centre
            XCTAssertLessThan(topLeft.longitude, centre.longitude, "west edge")
            XCTAssertLessThan(bottomLeft.longitude, centre.longitude, "west edge")
            XCTAssertGreaterThan(topRight.longitude, centre.longitude, "east edge")
            XCTAssertGreaterThan(bottomRight.longitude, centre.longitude, "east edge")
            XCTAssertGreaterThan(topLeft.latitude, centre.latitude, "north edge")
            XCTAssertGreaterThan(topRight.latitude, centre.latitude, "north edge")
            XCTAssertLessThan(bottomLeft.latitude, centre.latitude, "south edge")
            XCTAssertLessThan(bottomRight.latitude, centre.latitude, "south edge")
            XCTAssertEqual(topLeft.latitude, topRight.latitude, accuracy: 1e-9, "an unrotated map's top is level")
            // 800 px at zoom 10 are 800 / (256 · 2^10) of the world's 360°.
            let expectedWidth = shown.width / (256 * 1024) * 360
            XCTAssertEqual(topRight.longitude - topLeft.longitude, expectedWidth, accuracy: expectedWidth * 0.01)

            map.zoomLevel = 8
            guard let wider = map.visibleCorners else { return XCTFail("no corners after zooming out") }
            XCTAssertEqual(
                wider[1].longitude - wider[0].longitude, 4 * (topRight.longitude - topLeft.longitude),
                accuracy: expectedWidth * 0.05, "two levels out shows four times as wide")
            XCTAssertGreaterThan(wider[0].latitude, topLeft.latitude)
            XCTAssertLessThan(wider[3].latitude, bottomLeft.latitude)
        }
    }

    func testTheCentreIsDrawnInTheMiddleAndOtherPlacesWhereTheyAre() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let map = shown.map
            map.zoomLevel = 12
            map.centre = Places.warsaw
            guard let point = map.widgetPoint(for: Places.warsaw) else { return XCTFail("no point with a size") }
            XCTAssertEqual(point.x, shown.width / 2, accuracy: 2)
            XCTAssertEqual(point.y, shown.height / 2, accuracy: 2)

            // East is right, north is up; a corner location is drawn at that corner.
            guard let east = map.widgetPoint(for: Places.pragaPoludnie), let corners = map.visibleCorners,
                let topLeft = map.widgetPoint(for: corners[0]), let bottomRight = map.widgetPoint(for: corners[2])
            else { return XCTFail("no points") }
            XCTAssertGreaterThan(east.x, point.x)
            XCTAssertLessThan(east.y, point.y)
            XCTAssertEqual(topLeft.x, 0, accuracy: 2)
            XCTAssertEqual(topLeft.y, 0, accuracy: 2)
            XCTAssertEqual(bottomRight.x, shown.width, accuracy: 2)
            XCTAssertEqual(bottomRight.y, shown.height, accuracy: 2)
        }
    }

    func testFitShowsEveryLocationInsideThePaddingAsCloseAsPossible() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let map = shown.map
            let places = [Places.warsaw, Places.wilanow, Places.bielany, Places.pragaPoludnie]
            map.fit(places, padding: 48)
            guard let corners = map.visibleCorners else { return XCTFail("no corners") }
            var touchesAnEdge = false
            for place in places {
                XCTAssertTrue(place.isInside(corners), "\(place) is not in view")
                guard let point = map.widgetPoint(for: place) else { return XCTFail("no point") }
                XCTAssertGreaterThanOrEqual(point.x, 48 - 1)
                XCTAssertLessThanOrEqual(point.x, shown.width - 48 + 1)
                XCTAssertGreaterThanOrEqual(point.y, 48 - 1)
                XCTAssertLessThanOrEqual(point.y, shown.height - 48 + 1)
                if min(point.x - 48, shown.width - 48 - point.x, point.y - 48, shown.height - 48 - point.y) < 2 {
                    touchesAnEdge = true
                }
            }
            XCTAssertTrue(touchesAnEdge, "a larger zoom level would still fit: not the largest")
            let closeZoom = map.zoomLevel

            map.fit([Places.warsaw, Places.krakow, Places.gdansk])
            guard let wideCorners = map.visibleCorners else { return XCTFail("no corners") }
            for place in [Places.warsaw, Places.krakow, Places.gdansk] {
                XCTAssertTrue(place.isInside(wideCorners), "\(place) is not in view")
            }
            XCTAssertGreaterThan(closeZoom, map.zoomLevel + 1, "closer places get a larger zoom level")
        }
    }

    func testFittingOneLocationCentresItAtZoomSixteen() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            shown.map.fit([Places.krakow])
            XCTAssertEqual(shown.map.zoomLevel, 16, accuracy: 1e-9)
            XCTAssertEqual(shown.map.centre.latitude, Places.krakow.latitude, accuracy: 1e-6)
            XCTAssertEqual(shown.map.centre.longitude, Places.krakow.longitude, accuracy: 1e-6)
            shown.map.fit([Places.gdansk, Places.gdansk])
            XCTAssertEqual(shown.map.zoomLevel, 16, accuracy: 1e-9, "one spot, however many reports")
            shown.map.fit([])
            XCTAssertEqual(shown.map.centre.latitude, Places.gdansk.latitude, accuracy: 1e-6, "no locations: no move")
        }
    }

    func testAFitBeforeTheMapHasASizeWaitsForOne() {
        MainActor.assumeIsolated {
            let map = SimpleMap(accessibleLabel: "Map of reports")
            let places = [Places.warsaw, Places.krakow]
            map.fit(places)
            XCTAssertLessThan(map.zoomLevel, 3, "nothing to fit into yet")
            let shown = ShownMap(map: map)
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            XCTAssertTrue(runMainLoop(until: { map.zoomLevel > 3 }), "the fit was not applied once the map had a size")
            guard let corners = map.visibleCorners else { return XCTFail("no corners") }
            for place in places { XCTAssertTrue(place.isInside(corners), "\(place) is not in view") }
        }
    }

    func testAnimatedFitEndsWithEveryLocationInView() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let places = [Places.krakow, Places.gdansk]
            shown.map.fit(places, animated: true)
            var settled = false
            shown.map.onViewportSettled(delay: .milliseconds(200)) { settled = true }
            XCTAssertTrue(runMainLoop(until: { settled }, timeout: 30))
            guard let corners = shown.map.visibleCorners else { return XCTFail("no corners") }
            for place in places { XCTAssertTrue(place.isInside(corners), "\(place) is not in view") }
        }
    }

    func testWebMercatorRoundTripsAndFitsByArithmetic() {
        for latitude in [-85.0, -52.2, 0, 33.3, 85.0] {
            XCTAssertEqual(WebMercator.latitude(y: WebMercator.y(latitude: latitude)), latitude, accuracy: 1e-9)
        }
        XCTAssertEqual(WebMercator.y(latitude: 0), 0.5, accuracy: 1e-12)
        XCTAssertEqual(WebMercator.x(longitude: 90), 0.75, accuracy: 1e-12)
        // A span of a quarter of the world's width in 256 + 2·0 px: zoom 2 (256 · 4 / 4 = 256).
        let camera = WebMercator.camera(
            fitting: [MapLocation(latitude: 0, longitude: 0), MapLocation(latitude: 0, longitude: 90)],
            width: 256, height: 256, padding: 0, tileSize: 256, zoomRange: 0...18)
        XCTAssertEqual(camera?.zoomLevel ?? -1, 2, accuracy: 1e-9)
        XCTAssertEqual(camera?.centre.longitude ?? -1, 45, accuracy: 1e-9)
        XCTAssertEqual(
            WebMercator.camera(
                fitting: [Places.warsaw], width: 10, height: 10, padding: 0,
                tileSize: 256, zoomRange: 0...12)?.zoomLevel, 12, "clamped to the range")
        XCTAssertNil(
            WebMercator.camera(fitting: [], width: 10, height: 10, padding: 0, tileSize: 256, zoomRange: 0...18))
    }

    /// The map widget and the map page project alike: one edge, at libshumate's own limit.
    func testThePolesLandOnTheEdgeThatLibshumateAccepts() {
        XCTAssertEqual(WebMercator.maxLatitude, SHUMATE_MAX_LATITUDE)
        XCTAssertEqual(WebMercator.y(latitude: 90), 0, accuracy: 1e-9)
        XCTAssertEqual(WebMercator.y(latitude: -90), 1, accuracy: 1e-9)
        XCTAssertEqual(MapLocation(latitude: 89, longitude: 0).clamped.latitude, SHUMATE_MAX_LATITUDE)
        let northPole = Coordinate(latitude: 90, longitude: 0)!
        XCTAssertEqual(WebMercator.point(for: northPole, zoomLevel: 3).y, 0, accuracy: 1e-6)
        let camera = WebMercator.camera(
            fitting: [MapLocation(latitude: 90, longitude: 0), Places.warsaw],
            width: 800, height: 600, padding: 0, tileSize: 256, zoomRange: 0...18)
        XCTAssertEqual(camera.map { $0.zoomLevel.isFinite && $0.centre.latitude.isFinite }, true)
    }
}
