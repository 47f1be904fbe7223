// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Why one wire announcement's required field cannot be used.
package enum WireAnnouncementProblem: Error, Sendable, Hashable {
    /// `status` is missing or not a known status.
    case unusableStatus
    /// Latitude or longitude missing, not finite, or out of range.
    case invalidCoordinates
    /// `lastSeenDate` missing or not a real `YYYY-MM-DD` date.
    case invalidLastSeenDate
    /// `createdAt` missing or not a timestamp the contract allows.
    case invalidCreatedAt
}

extension Announcement {
    /// The announcement a wire item's fields describe: required fields decide,
    /// optional ones are cleaned (blank → `nil`) and never reject it. The one
    /// reading of the contract's fields: the client's lenient decoding gives it
    /// what it could read of each item, the server's matching its stored
    /// reports (`init?(wire:)`). The photo's URL is resolved by the caller.
    package static func reading(
        id: String, petName: String?, species: String, breed: String?, sex: String?, age: Int?,
        description: String?, microchipNumber: String?, latitude: Double?, longitude: Double?, address: String?,
        lastSeenDate: String?, email: String?, phone: String?, photoURL: URL?, status: String?, reward: String?,
        createdAt: String?, updatedAt: String?
    ) -> Result<Announcement, WireAnnouncementProblem> {
        guard let status = status.flatMap(AnnouncementStatus.init(wireValue:)) else {
            return .failure(.unusableStatus)
        }
        guard let latitude, let longitude, let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        else { return .failure(.invalidCoordinates) }
        guard let lastSeen = lastSeenDate.flatMap(WireDate.calendarDay) else { return .failure(.invalidLastSeenDate) }
        guard let createdAt = createdAt.flatMap(WireDate.timestamp) else { return .failure(.invalidCreatedAt) }
        return .success(
            Announcement(
                id: id,
                petName: petName?.trimmedNonEmpty,
                species: Species(wireValue: species),
                breed: breed?.trimmedNonEmpty,
                sex: sex.map(Sex.init(wireValue:)) ?? .unknown,
                age: age.flatMap { $0 >= 0 ? $0 : nil },
                description: description?.trimmedNonEmpty,
                microchipNumber: microchipNumber?.trimmedNonEmpty,
                coordinate: coordinate,
                address: address?.trimmedNonEmpty,
                lastSeenDate: lastSeen,
                email: email?.trimmedNonEmpty,
                phone: phone?.trimmedNonEmpty,
                photoURL: photoURL,
                status: status,
                reward: reward?.trimmedNonEmpty,
                createdAt: createdAt,
                // Informational: unparseable means unknown, not unusable.
                updatedAt: updatedAt.flatMap(WireDate.timestamp)
            ))
    }

    /// A wire announcement as a client would show it, without its photo's URL
    /// (which depends on where the client reached the API); nil when a
    /// required field is unusable.
    package init?(wire: WireAnnouncement) {
        let read = Self.reading(
            id: wire.id, petName: wire.petName, species: wire.species, breed: wire.breed, sex: wire.sex,
            age: wire.age, description: wire.description, microchipNumber: wire.microchipNumber,
            latitude: wire.locationLatitude, longitude: wire.locationLongitude, address: nil,
            lastSeenDate: wire.lastSeenDate, email: wire.email, phone: wire.phone, photoURL: nil, status: wire.status,
            reward: wire.reward, createdAt: wire.createdAt, updatedAt: wire.updatedAt)
        guard case .success(let announcement) = read else { return nil }
        self = announcement
    }
}
