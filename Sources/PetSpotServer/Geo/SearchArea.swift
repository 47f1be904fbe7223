// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// A validated "announcements near here" request: a centre and a radius in km.
/// An announcement belongs to the area when its Haversine distance is `< radius`.
struct SearchArea: Sendable, Equatable {
    var latitude: Double
    var longitude: Double
    var radiusKilometres: Int

    func contains(latitude otherLatitude: Double, longitude otherLongitude: Double) -> Bool {
        let distance = GreatCircle.distanceKilometres(
            fromLatitude: latitude, longitude: longitude,
            toLatitude: otherLatitude, longitude: otherLongitude
        )
        return distance < Double(radiusKilometres)
    }
}
