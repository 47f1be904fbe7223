// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotPresentation

/// Reproducible map pins scattered over greater Warsaw (about 40 × 40 km),
/// denser towards the centre as reports are in a city.
enum SyntheticPins {
    /// The centre of Warsaw: the pins' centre, and where distances and region
    /// queries are measured from.
    static let warsaw = Coordinate(latitude: 52.2297, longitude: 21.0122)!

    static func aroundWarsaw(count: Int) -> [MapPin] {
        var generator = LinearCongruential(seed: 8)
        let statuses: [AnnouncementStatus] = [.lost, .found, .closed]
        let lastSeen = CalendarDay(year: 2026, month: 10, day: 1)!
        return (0..<count).map { index in
            // The product of two uniform numbers leans towards zero: a dense centre.
            let latitude = warsaw.latitude + (generator.unit() - 0.5) * 0.36 * generator.unit()
            let longitude = warsaw.longitude + (generator.unit() - 0.5) * 0.6 * generator.unit()
            let announcement = Announcement(
                id: "pin-\(index)", petName: "Pet \(index)", species: .cat,
                coordinate: Coordinate(latitude: latitude, longitude: longitude)!, lastSeenDate: lastSeen,
                status: statuses[index % statuses.count], createdAt: Date(timeIntervalSince1970: Double(index)))
            return MapPin(announcement, userLocation: nil)
        }
    }
}
