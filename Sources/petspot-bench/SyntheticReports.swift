// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotPresentation

/// Reproducible announcements spread over Poland, in the wire format.
enum SyntheticReports {
    static func make(count: Int) -> [WireAnnouncement] {
        var generator = LinearCongruential(seed: 2026)
        let species = ["DOG", "CAT", "BIRD", "RABBIT", "OTHER"]
        let statuses = ["MISSING", "FOUND", "CLOSED"]
        let description = String(repeating: "Friendly, answers to her name, last seen near the park. ", count: 6)
        return (0..<count).map { index in
            let minute = index % 60
            let hour = (index / 60) % 24
            let day = 1 + (index / 1440) % 28
            return WireAnnouncement(
                id: "bench-\(index)", petName: index % 7 == 0 ? nil : "Pet \(index)",
                species: species[index % species.count], breed: index % 3 == 0 ? nil : "Breed \(index % 40)",
                sex: "UNKNOWN", age: index % 15, description: description, microchipNumber: nil,
                locationLatitude: 49 + generator.unit() * 5.8, locationLongitude: 14.2 + generator.unit() * 9.8,
                lastSeenDate: String(format: "2026-10-%02d", day), email: "owner\(index)@example.org", phone: nil,
                photoUrl: "/images/pet-\(index % 25).png", status: statuses[index % statuses.count], reward: nil,
                createdAt: String(format: "2026-10-%02dT%02d:%02d:00.000Z", day, hour, minute),
                updatedAt: String(format: "2026-10-%02d %02d:%02d:00", day, hour, minute))
        }
    }

    static func listBody(_ items: [WireAnnouncement]) throws -> Data {
        try JSONEncoder().encode(WireAnnouncementList(data: items))
    }
}

/// Small deterministic generator: the same data on every run and machine.
struct LinearCongruential {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func unit() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}
