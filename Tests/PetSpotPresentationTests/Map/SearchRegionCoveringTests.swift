// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotPresentation

/// `SearchRegion(covering:)` for viewports as an 800×600 map widget would report them.
@Suite struct SearchRegionCoveringTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let zoomLevel: Double
        let latitude: Double
        /// Worked out with an independent implementation of Web Mercator and
        /// Haversine (R = 6371 km), not with the code under test.
        let expectedRange: Int
        var testDescription: String { "zoom \(zoomLevel), latitude \(latitude)" }
    }

    static let rows: [Row] = [
        Row(zoomLevel: 3, latitude: 0, expectedRange: 8519),
        Row(zoomLevel: 3, latitude: 52, expectedRange: 7938),
        Row(zoomLevel: 3, latitude: 70, expectedRange: 4914),
        Row(zoomLevel: 3, latitude: 85, expectedRange: 1311),
        Row(zoomLevel: 3, latitude: -85, expectedRange: 1311),
        Row(zoomLevel: 8, latitude: 0, expectedRange: 306),
        Row(zoomLevel: 8, latitude: 52, expectedRange: 191),
        Row(zoomLevel: 8, latitude: 70, expectedRange: 106),
        Row(zoomLevel: 8, latitude: 85, expectedRange: 28),
        Row(zoomLevel: 8, latitude: -85, expectedRange: 28),
        Row(zoomLevel: 12, latitude: 0, expectedRange: 20),
        Row(zoomLevel: 12, latitude: 52, expectedRange: 12),
        Row(zoomLevel: 12, latitude: 70, expectedRange: 7),
        Row(zoomLevel: 12, latitude: 85, expectedRange: 2),
        Row(zoomLevel: 12, latitude: -85, expectedRange: 2),
        Row(zoomLevel: 16, latitude: 0, expectedRange: 2),
        Row(zoomLevel: 16, latitude: 52, expectedRange: 1),
        Row(zoomLevel: 16, latitude: 70, expectedRange: 1),
        Row(zoomLevel: 16, latitude: 85, expectedRange: 1),
        Row(zoomLevel: 16, latitude: -85, expectedRange: 1),
    ]

    private static func viewport(latitude: Double, longitude: Double = 21, zoomLevel: Double) -> MapViewport {
        WebMercator.viewport(
            centre: Coordinate(latitude: latitude, longitude: longitude)!, zoomLevel: zoomLevel, width: 800, height: 600
        )
    }

    @Test(arguments: rows)
    func givenAViewport_whenCovered_thenTheRangeIsTheSmallestWholeKilometreReachingEveryCorner(row: Row) {
        let viewport = Self.viewport(latitude: row.latitude, zoomLevel: row.zoomLevel)

        let region = SearchRegion(covering: viewport)

        #expect(region.centre == viewport.centre)
        #expect(region.rangeKilometres == row.expectedRange)
        let distances = viewport.corners.map { viewport.centre.distance(to: $0) }
        #expect(distances.allSatisfy { $0 <= Double(region.rangeKilometres) }, "every corner is inside")
        let farthest = distances.max() ?? 0
        #expect(
            region.rangeKilometres == 1 || farthest > Double(region.rangeKilometres - 1), "one less would not reach")
    }

    @Test func givenMediumZoom_whenCovered_thenTheRangeMatchesTheGroundResolution() {
        // 500 px from centre to corner × cos(latitude) · 2πR / (256 · 2^zoom) km per pixel.
        for latitude in [0.0, 52, 70] {
            let kilometresPerPixel =
                cos(latitude * .pi / 180) * 2 * .pi * Coordinate.earthRadiusKilometres / (256 * 4096)
            let region = SearchRegion(covering: Self.viewport(latitude: latitude, zoomLevel: 12))
            #expect(region.rangeKilometres == Int((500 * kilometresPerPixel).rounded(.up)), "latitude \(latitude)")
        }
    }

    @Test func givenACentreNearTheAntimeridian_whenCovered_thenCornersWrapAndTheRangeStaysLocal() {
        let nearAntimeridian = Self.viewport(latitude: 52, longitude: 179.95, zoomLevel: 12)
        let sameShapeElsewhere = Self.viewport(latitude: 52, longitude: 21, zoomLevel: 12)

        #expect(nearAntimeridian.corners.contains { $0.longitude < 0 }, "the east corners wrap to negative longitudes")
        #expect(nearAntimeridian.corners.contains { $0.longitude > 179 })
        #expect(SearchRegion(covering: nearAntimeridian).rangeKilometres == 12)
        #expect(
            SearchRegion(covering: nearAntimeridian).rangeKilometres
                == SearchRegion(covering: sameShapeElsewhere).rangeKilometres)
    }

    @Test func givenADegenerateViewport_whenCovered_thenTheRangeIsOneKilometre() {
        let centre = Coordinate(latitude: 52.2297, longitude: 21.0122)!
        let onePixel = WebMercator.viewport(centre: centre, zoomLevel: 19, width: 1, height: 1)

        #expect(SearchRegion(covering: onePixel).rangeKilometres == 1)
        #expect(SearchRegion(covering: MapViewport(centre: centre, corners: [centre, centre])).rangeKilometres == 1)
        #expect(SearchRegion(covering: MapViewport(centre: centre, corners: [])).rangeKilometres == 1)
    }

    @Test func givenAFarthestCornerJustPastAWholeKilometre_whenCovered_thenItRoundsUp() {
        let centre = Coordinate(latitude: 0, longitude: 0)!
        // 1° of longitude on the equator is 111.19 km; 0.05° north is 5.56 km.
        let corners = [Coordinate(latitude: 0, longitude: 1)!, Coordinate(latitude: 0.05, longitude: 0)!]

        let region = SearchRegion(covering: MapViewport(centre: centre, corners: corners))

        #expect(region.rangeKilometres == 112)
    }
}
