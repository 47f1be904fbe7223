// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Turns one leniently read wire item into a domain `Announcement`, or says
/// why it cannot be shown. Required fields decide; optional ones are cleaned
/// (blank → `nil`) and never reject an item. The fields are read by
/// `Announcement.reading`, which the server's matching shares.
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
        let read = Announcement.reading(
            id: id, petName: item.petName, species: speciesText, breed: item.breed, sex: item.sex, age: item.age,
            description: item.description, microchipNumber: item.microchipNumber, latitude: item.latitude,
            longitude: item.longitude, address: item.address, lastSeenDate: item.lastSeenDate, email: item.email,
            phone: item.phone, photoURL: photoResolver.resolve(item.photoUrl), status: item.status,
            reward: item.reward, createdAt: item.createdAt, updatedAt: item.updatedAt)
        switch read {
        case .success(let announcement):
            let updatedBeforeCreated = announcement.updatedAt.map { $0 < announcement.createdAt } ?? false
            return .valid(announcement, updatedBeforeCreated: updatedBeforeCreated)
        case .failure(let problem):
            return .skipped(id: id, reason: AnnouncementSkipReason(problem))
        }
    }
}

extension AnnouncementSkipReason {
    fileprivate init(_ problem: WireAnnouncementProblem) {
        switch problem {
        case .unusableStatus: self = .unusableStatus
        case .invalidCoordinates: self = .invalidCoordinates
        case .invalidLastSeenDate: self = .invalidLastSeenDate
        case .invalidCreatedAt: self = .invalidCreatedAt
        }
    }
}
