// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Turns one leniently read wire item into a domain `Announcement`, or says
/// why it cannot be shown. Required fields decide; optional ones are cleaned
/// (blank → `nil`) and never reject an item.
struct AnnouncementValidator: Sendable {
    let photoResolver: PhotoURLResolver

    enum Outcome {
        case valid(Announcement, updatedBeforeCreated: Bool)
        case skipped(id: String?, reason: AnnouncementSkipReason)
    }

    func validate(_ item: LenientWireItem) -> Outcome {
        guard item.isObject else { return .skipped(id: nil, reason: .notAnObject) }
        guard let id = item.id, !id.isEmpty, id.trimmedNonEmpty != nil else {
            return .skipped(id: nil, reason: .missingID)
        }
        guard !item.isIDTooLong else { return .skipped(id: nil, reason: .oversizedID) }
        guard let speciesText = item.species else { return .skipped(id: id, reason: .unusableSpecies) }
        guard let statusText = item.status, let status = AnnouncementStatus(wireValue: statusText) else {
            return .skipped(id: id, reason: .unusableStatus)
        }
        guard let latitude = item.latitude, let longitude = item.longitude,
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        else { return .skipped(id: id, reason: .invalidCoordinates) }
        guard let dayText = item.lastSeenDate, let lastSeen = WireDate.calendarDay(dayText) else {
            return .skipped(id: id, reason: .invalidLastSeenDate)
        }
        guard let createdText = item.createdAt, let createdAt = WireDate.timestamp(createdText) else {
            return .skipped(id: id, reason: .invalidCreatedAt)
        }
        // updatedAt is informational: unparseable means unknown, not unusable.
        let updatedAt = item.updatedAt.flatMap(WireDate.timestamp)

        let announcement = Announcement(
            id: id,
            petName: item.petName?.trimmedNonEmpty,
            species: Species(wireValue: speciesText),
            breed: item.breed?.trimmedNonEmpty,
            sex: item.sex.map(Sex.init(wireValue:)) ?? .unknown,
            age: item.age.flatMap { $0 >= 0 ? $0 : nil },
            description: item.description?.trimmedNonEmpty,
            microchipNumber: item.microchipNumber?.trimmedNonEmpty,
            coordinate: coordinate,
            address: item.address?.trimmedNonEmpty,
            lastSeenDate: lastSeen,
            email: item.email?.trimmedNonEmpty,
            phone: item.phone?.trimmedNonEmpty,
            photoURL: photoResolver.resolve(item.photoUrl),
            status: status,
            reward: item.reward?.trimmedNonEmpty,
            createdAt: createdAt,
            updatedAt: updatedAt
        )
        let updatedBeforeCreated = updatedAt.map { $0 < createdAt } ?? false
        return .valid(announcement, updatedBeforeCreated: updatedBeforeCreated)
    }
}
