// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

public enum Fixtures {
    public static let baseURL = URL(string: "http://127.0.0.1:3000")!

    /// A complete, valid contract item (every key present).
    public static func wireItem(
        id: String = "a1", petName: JSON = "Luna", species: JSON = "CAT", status: JSON = "MISSING",
        createdAt: JSON = "2025-11-15T12:30:00Z"
    ) -> JSON {
        [
            "id": .string(id), "petName": petName, "species": species, "breed": "Tabby",
            "sex": "FEMALE", "age": 3, "description": "Grey tabby with a white patch.",
            "microchipNumber": "616093900012345", "locationLatitude": 52.2297,
            "locationLongitude": 21.0122, "lastSeenDate": "2025-11-15", "email": "owner@example.org",
            "phone": "555-PETS", "photoUrl": "/images/luna.jpg", "status": status, "reward": "500 PLN",
            "createdAt": createdAt, "updatedAt": "2025-11-16 08:00:00",
        ]
    }

    public static func listBody(_ items: [JSON]) -> Data {
        Data(JSON.object([("data", .array(items))]).data)
    }

    /// A domain announcement for query tests; `minutes` orders `createdAt`.
    public static func announcement(
        _ id: String, name: String? = nil, breed: String? = nil, species: Species = .dog,
        status: AnnouncementStatus = .lost, minutes: Double = 0,
        latitude: Double = 52.2297, longitude: Double = 21.0122
    ) -> Announcement {
        Announcement(
            id: id, petName: name, species: species, breed: breed,
            coordinate: Coordinate(latitude: latitude, longitude: longitude)!,
            lastSeenDate: CalendarDay(year: 2025, month: 11, day: 15)!,
            status: status, createdAt: Date(timeIntervalSince1970: 1_763_200_000 + minutes * 60)
        )
    }
}
