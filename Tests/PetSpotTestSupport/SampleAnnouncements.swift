// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Announcements built for tests; only what a test cares about is spelled out.
public enum SampleAnnouncements {
    public static func make(
        id: String,
        petName: String? = "Luna",
        species: String = "CAT",
        latitude: Double = 52.2297,
        longitude: Double = 21.0122,
        photoUrl: String? = nil,
        status: String = "MISSING"
    ) -> WireAnnouncement {
        WireAnnouncement(
            id: id, petName: petName, species: species, breed: nil, sex: "FEMALE",
            age: nil, description: nil, microchipNumber: nil,
            locationLatitude: latitude, locationLongitude: longitude,
            lastSeenDate: "2026-11-15", email: "owner@example.com", phone: nil,
            photoUrl: photoUrl, status: status, reward: nil,
            createdAt: "2026-11-15T12:30:00.000Z", updatedAt: "2026-11-15 12:30:00"
        )
    }

    /// A point `kilometres` away from a centre along a bearing, on the same sphere
    /// as the contract (R = 6371 km).
    public static func destination(
        fromLatitude latitude: Double, longitude: Double,
        kilometres: Double, bearingDegrees: Double
    ) -> (latitude: Double, longitude: Double) {
        let angular = kilometres / 6371.0
        let bearing = bearingDegrees * .pi / 180
        let phi1 = latitude * .pi / 180
        let lambda1 = longitude * .pi / 180
        let phi2 = asin(sin(phi1) * cos(angular) + cos(phi1) * sin(angular) * cos(bearing))
        let lambda2 =
            lambda1
            + atan2(
                sin(bearing) * sin(angular) * cos(phi1), cos(angular) - sin(phi1) * sin(phi2)
            )
        var longitude2 = lambda2 * 180 / .pi
        if longitude2 > 180 { longitude2 -= 360 }
        if longitude2 < -180 { longitude2 += 360 }
        return (phi2 * 180 / .pi, longitude2)
    }
}
