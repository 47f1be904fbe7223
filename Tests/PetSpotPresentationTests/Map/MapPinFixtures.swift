// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport

@testable import PetSpotPresentation

/// Pins for map tests, where only the id and the place matter.
enum MapPinFixtures {
    static let warsaw = Coordinate(latitude: 52.2297, longitude: 21.0122)!
    static let krakow = Coordinate(latitude: 50.0647, longitude: 19.9450)!

    static func pin(_ id: String, latitude: Double, longitude: Double) -> MapPin {
        MapPin(Fixtures.announcement(id, latitude: latitude, longitude: longitude), userLocation: nil)
    }

    static func pin(_ id: String, at coordinate: Coordinate) -> MapPin {
        pin(id, latitude: coordinate.latitude, longitude: coordinate.longitude)
    }
}
