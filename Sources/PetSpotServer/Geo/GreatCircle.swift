// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Distances on the Earth modelled as a sphere, as the wire contract specifies
/// (Haversine, R = 6371 km): the client's formula, so server and client agree
/// on what "within range" means.
enum GreatCircle {
    /// Infinite for coordinates outside the valid ranges: never within any range.
    static func distanceKilometres(
        fromLatitude lat1: Double, longitude lng1: Double,
        toLatitude lat2: Double, longitude lng2: Double
    ) -> Double {
        guard let from = Coordinate(latitude: lat1, longitude: lng1),
            let to = Coordinate(latitude: lat2, longitude: lng2)
        else { return .infinity }
        return from.distance(to: to)
    }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
