// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// A sighting as `GET`/`POST /api/v1/announcements/{id}/sightings` give it
/// (§4.10): every key, `null` where optional.
public struct WireSighting: Codable, Sendable, Equatable {
    public var id: String
    public var announcementId: String
    public var seenAt: String
    public var locationLatitude: Double
    public var locationLongitude: Double
    public var note: String?
    public var contact: String?
    public var createdAt: String

    public init(
        id: String, announcementId: String, seenAt: String, locationLatitude: Double, locationLongitude: Double,
        note: String?, contact: String?, createdAt: String
    ) {
        self.id = id
        self.announcementId = announcementId
        self.seenAt = seenAt
        self.locationLatitude = locationLatitude
        self.locationLongitude = locationLongitude
        self.note = note
        self.contact = contact
        self.createdAt = createdAt
    }

    // Optional keys are written as `null`, not left out: the contract has every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(announcementId, forKey: .announcementId)
        try container.encode(seenAt, forKey: .seenAt)
        try container.encode(locationLatitude, forKey: .locationLatitude)
        try container.encode(locationLongitude, forKey: .locationLongitude)
        try container.encode(note, forKey: .note)
        try container.encode(contact, forKey: .contact)
        try container.encode(createdAt, forKey: .createdAt)
    }

    /// The domain value; `nil` when a timestamp cannot be read or a
    /// coordinate is out of range.
    public var sighting: Sighting? {
        guard let seen = WireDate.timestamp(seenAt), let created = WireDate.timestamp(createdAt),
            let coordinate = Coordinate(latitude: locationLatitude, longitude: locationLongitude), !id.isEmpty
        else { return nil }
        return Sighting(
            id: id, reportID: announcementId, seenAt: seen, coordinate: coordinate, note: note?.trimmedNonEmpty,
            contact: contact?.trimmedNonEmpty, createdAt: created)
    }

    /// `2026-11-20T18:42:13Z` in UTC: what a client sends as `seenAt`.
    public static func timestampString(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .current))
    }
}

/// The body of a new sighting.
public struct WireNewSighting: Codable, Sendable, Equatable {
    public var seenAt: String
    public var locationLatitude: Double
    public var locationLongitude: Double
    public var note: String?
    public var contact: String?

    public init(seenAt: String, locationLatitude: Double, locationLongitude: Double, note: String?, contact: String?) {
        self.seenAt = seenAt
        self.locationLatitude = locationLatitude
        self.locationLongitude = locationLongitude
        self.note = note
        self.contact = contact
    }

    /// The only keys a new sighting's body may hold.
    public static let acceptedKeys: Set<String> = Set(SightingField.allCases.map(\.rawValue))
}

/// `{"data": [Sighting…]}`, newest first.
public struct WireSightingList: Codable, Sendable, Equatable {
    public var data: [WireSighting]
    public init(data: [WireSighting]) { self.data = data }
}
