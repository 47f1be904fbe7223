// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Someone saw a reported pet: when, where, and what they noticed. Anyone may
/// add one to an open report (§4.10); the owner reads them on the details page.
public struct Sighting: Sendable, Hashable, Identifiable {
    public var id: String
    /// The report the sighting belongs to.
    public var reportID: String
    public var seenAt: Date
    public var coordinate: Coordinate
    public var note: String?
    /// An email address or a phone number, as the person gave it.
    public var contact: String?
    public var createdAt: Date

    public init(
        id: String, reportID: String, seenAt: Date, coordinate: Coordinate, note: String?, contact: String?,
        createdAt: Date
    ) {
        self.id = id
        self.reportID = reportID
        self.seenAt = seenAt
        self.coordinate = coordinate
        self.note = note
        self.contact = contact
        self.createdAt = createdAt
    }

    /// Newest sighting first (by when the pet was seen, then when it was
    /// told, then by id so equal times keep one order).
    public static func newestFirst(_ lhs: Sighting, _ rhs: Sighting) -> Bool {
        if lhs.seenAt != rhs.seenAt { return lhs.seenAt > rhs.seenAt }
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt > rhs.createdAt }
        return lhs.id > rhs.id
    }
}

/// A sighting that met `SightingRules`, ready to send.
public struct NewSighting: Sendable, Hashable {
    public var seenAt: Date
    public var coordinate: Coordinate
    public var note: String?
    public var contact: String?

    public init(seenAt: Date, coordinate: Coordinate, note: String?, contact: String?) {
        self.seenAt = seenAt
        self.coordinate = coordinate
        self.note = note
        self.contact = contact
    }

    /// The body of `POST /api/v1/announcements/{id}/sightings`.
    public var wireBody: WireNewSighting {
        WireNewSighting(
            seenAt: WireSighting.timestampString(seenAt), locationLatitude: coordinate.latitude,
            locationLongitude: coordinate.longitude, note: note, contact: contact)
    }
}
