// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotPresentation

@Suite struct WebMercatorTests {
    @Test(arguments: [0.0, 3, 10, 16.5, 19])
    func givenCoordinates_whenProjectedAndBack_thenTheyAreUnchanged(zoomLevel: Double) {
        let places = [(52.2297, 21.0122), (-33.8688, 151.2093), (0, 0), (70, -179.99), (-85, 179.99), (85, -45)]
        for (latitude, longitude) in places {
            let original = Coordinate(latitude: latitude, longitude: longitude)!
            let point = WebMercator.point(for: original, zoomLevel: zoomLevel)
            let back = WebMercator.coordinate(x: point.x, y: point.y, zoomLevel: zoomLevel)
            #expect(abs(back.latitude - latitude) < 1e-9, "\(latitude), \(longitude)")
            #expect(abs(back.longitude - longitude) < 1e-9, "\(latitude), \(longitude)")
        }
    }

    @Test func givenZoomZero_thenTheWorldIsOneTile() {
        let centre = WebMercator.point(for: Coordinate(latitude: 0, longitude: 0)!, zoomLevel: 0)
        #expect(abs(centre.x - 128) < 1e-9 && abs(centre.y - 128) < 1e-9)

        let topLeft = WebMercator.point(
            for: Coordinate(latitude: WebMercator.maxLatitude, longitude: -180)!, zoomLevel: 0)
        #expect(abs(topLeft.x) < 1e-9 && abs(topLeft.y) < 1e-6)
        #expect(WebMercator.worldSize(zoomLevel: 2) == 1024)
    }

    @Test func givenAPointOffTheWorld_whenConverted_thenLongitudeWrapsAndLatitudeClamps() {
        let size = WebMercator.worldSize(zoomLevel: 4)

        let eastOfTheEdge = WebMercator.coordinate(x: size + size / 4, y: size / 2, zoomLevel: 4)
        #expect(abs(eastOfTheEdge.longitude - -90) < 1e-9)
        let westOfTheEdge = WebMercator.coordinate(x: -size / 4, y: size / 2, zoomLevel: 4)
        #expect(abs(westOfTheEdge.longitude - 90) < 1e-9)

        #expect(WebMercator.coordinate(x: 0, y: -500, zoomLevel: 4).latitude == WebMercator.maxLatitude)
        #expect(WebMercator.coordinate(x: 0, y: size + 500, zoomLevel: 4).latitude == -WebMercator.maxLatitude)
        #expect(
            WebMercator.point(for: Coordinate(latitude: 90, longitude: 0)!, zoomLevel: 4).y.isFinite,
            "poles land on the edge")
    }

    @Test func givenAView_whenItsViewportIsMeasured_thenCornersAreHalfTheSizeAwayInPixels() {
        let centre = Coordinate(latitude: 52.2297, longitude: 21.0122)!
        let viewport = WebMercator.viewport(centre: centre, zoomLevel: 12, width: 800, height: 600)
        let middle = WebMercator.point(for: centre, zoomLevel: 12)

        #expect(viewport.centre == centre)
        #expect(viewport.corners.count == 4)
        let offsets = viewport.corners.map { corner in
            let point = WebMercator.point(for: corner, zoomLevel: 12)
            return ((point.x - middle.x).rounded(), (point.y - middle.y).rounded())
        }
        #expect(offsets.map(\.0) == [-400, 400, 400, -400])
        #expect(offsets.map(\.1) == [-300, -300, 300, 300])
    }
}
