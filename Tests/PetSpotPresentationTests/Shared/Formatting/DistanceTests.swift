// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import Testing

@Suite("Haversine distance and its formatting")
struct DistanceTests {
    @Test(
        "known city pairs",
        arguments: [
            ("Warsaw–Kraków", 52.2297, 21.0122, 50.0647, 19.9450, 251.98),
            ("Paris–London", 48.8566, 2.3522, 51.5074, -0.1278, 343.56),
            ("New York–Los Angeles", 40.7128, -74.0060, 34.0522, -118.2437, 3935.75),
            ("Sydney–Melbourne", -33.8688, 151.2093, -37.8136, 144.9631, 713.43),
            ("antipodes", 0, 0, 0, 180, 20_015.09),
            ("same point", 10, 10, 10, 10, 0),
        ])
    func cityPairs(name: String, lat1: Double, lon1: Double, lat2: Double, lon2: Double, expected: Double) throws {
        let a = try #require(Coordinate(latitude: lat1, longitude: lon1))
        let b = try #require(Coordinate(latitude: lat2, longitude: lon2))
        #expect(abs(a.distance(to: b) - expected) < 0.05, "\(name)")
        #expect(abs(b.distance(to: a) - a.distance(to: b)) < 1e-9)
    }

    @Test(
        "coordinates outside the valid ranges do not exist",
        arguments: [
            (90.01, 0.0), (-90.01, 0.0), (0.0, 180.01), (0.0, -180.01), (Double.nan, 0.0), (0.0, Double.infinity),
        ])
    func invalidCoordinates(latitude: Double, longitude: Double) {
        #expect(Coordinate(latitude: latitude, longitude: longitude) == nil)
    }

    @Test(
        "one decimal in the given locale",
        arguments: [
            (2.345, "en_US", "2.3 km"),
            (2.345, "pl_PL", "2,3 km"),
            (0, "en_US", "0.0 km"),
            (0.04, "pl_PL", "0,0 km"),
            (12.96, "en_GB", "13.0 km"),
            (251.976, "pl_PL", "252,0 km"),
        ])
    func formatting(kilometres: Double, locale: String, expected: String) {
        #expect(DistanceFormatting.kilometres(kilometres, locale: Locale(identifier: locale)) == expected)
    }

    @Test("formatted distance between two coordinates")
    func formattedBetween() throws {
        let warsaw = try #require(Coordinate(latitude: 52.2297, longitude: 21.0122))
        let krakow = try #require(Coordinate(latitude: 50.0647, longitude: 19.9450))
        #expect(warsaw.formattedDistance(to: krakow, locale: Locale(identifier: "en_US")) == "252.0 km")
        #expect(warsaw.formattedDistance(to: krakow, locale: Locale(identifier: "pl_PL")) == "252,0 km")
    }

    @Test("search regions round the range up and never go below 1 km")
    func searchRegion() throws {
        let centre = try #require(Coordinate(latitude: 1, longitude: 2))
        #expect(SearchRegion(centre: centre, rangeKilometres: 0).rangeKilometres == 1)
        #expect(SearchRegion(centre: centre, rangeKilometres: -5).rangeKilometres == 1)
        #expect(SearchRegion(centre: centre, coveringRadiusKilometres: 2.1).rangeKilometres == 3)
        #expect(SearchRegion(centre: centre, coveringRadiusKilometres: 0.2).rangeKilometres == 1)
        #expect(SearchRegion(centre: centre, coveringRadiusKilometres: .nan).rangeKilometres == 1)
    }
}
