// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// A latitude/longitude rectangle that surely contains a `SearchArea`'s circle, so
/// a database can discard far-away rows through its spatial index (SQLite's
/// R*Tree, `AnnouncementPlaces`) before the exact Haversine test runs in Swift.
/// It may include extra rows, never miss one.
struct BoundingBox: Sendable, Equatable {
    /// Longitudes wanted: one interval, or two when the box crosses ±180°.
    enum LongitudeSpan: Sendable, Equatable {
        case all
        case between(Double, Double)
        case wrapping(eastOf: Double, westOf: Double)
    }

    var minimumLatitude: Double
    var maximumLatitude: Double
    var longitudes: LongitudeSpan

    /// Small safety margin (about 1 m) against floating-point rounding at the edge.
    private static let marginDegrees = 1e-5

    init(around area: SearchArea) {
        self.init(latitude: area.latitude, longitude: area.longitude, radiusKilometres: Double(area.radiusKilometres))
    }

    /// Around the circle of `radiusKilometres` (any positive length) about a point.
    init(latitude: Double, longitude: Double, radiusKilometres: Double) {
        let angularRadius = radiusKilometres / Coordinate.earthRadiusKilometres
        let latitudeDelta = GreatCircle.degrees(angularRadius) + Self.marginDegrees
        minimumLatitude = max(-90, latitude - latitudeDelta)
        maximumLatitude = min(90, latitude + latitudeDelta)

        // When the circle reaches a pole (or half the globe), every longitude qualifies.
        let centreLatitude = GreatCircle.radians(latitude)
        guard angularRadius < .pi / 2,
            abs(centreLatitude) + angularRadius < .pi / 2
        else {
            longitudes = .all
            return
        }
        // Widest longitude offset of a spherical cap of this radius at this latitude.
        let longitudeDelta =
            GreatCircle.degrees(asin(sin(angularRadius) / cos(centreLatitude)))
            + Self.marginDegrees
        let west = longitude - longitudeDelta
        let east = longitude + longitudeDelta
        if longitudeDelta >= 180 {
            longitudes = .all
        } else if west < -180 {
            longitudes = .wrapping(eastOf: west + 360, westOf: east)
        } else if east > 180 {
            longitudes = .wrapping(eastOf: west, westOf: east - 360)
        } else {
            longitudes = .between(west, east)
        }
    }
}
