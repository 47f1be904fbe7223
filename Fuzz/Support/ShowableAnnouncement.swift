// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

@testable import PetSpotClient

/// What every announcement the decoder hands out must satisfy, whatever the
/// body: the promises the validator makes to the rest of the app.
public func requireShowable(_ announcement: Announcement) {
    let id = announcement.id
    require(id.trimmedNonEmpty != nil, "blank id \(id.debugDescription)")
    require(id.utf8.count <= WireTextLimit.id, "id of \(id.utf8.count) bytes")
    require(
        Coordinate.isValid(latitude: announcement.coordinate.latitude, longitude: announcement.coordinate.longitude),
        "id \(id): coordinate out of range \(announcement.coordinate)"
    )
    require(announcement.age.map { $0 >= 0 } ?? true, "id \(id): negative age")
    require(announcement.createdAt.timeIntervalSince1970.isFinite, "id \(id): createdAt not finite")
    require(announcement.updatedAt?.timeIntervalSince1970.isFinite ?? true, "id \(id): updatedAt not finite")
    let shortTexts: [String?] = [
        announcement.petName, announcement.breed, announcement.microchipNumber, announcement.address,
        announcement.email, announcement.phone, announcement.reward,
    ]
    for (text, limit) in shortTexts.map({ ($0, WireTextLimit.shortText) })
        + [(announcement.description, WireTextLimit.description)]
    {
        guard let text else { continue }
        require(text.trimmedNonEmpty == text, "id \(id): optional text not trimmed or blank: \(text.debugDescription)")
        require(text.count <= limit, "id \(id): text of \(text.count) characters over \(limit)")
    }
    if let photo = announcement.photoURL {
        require(["http", "https"].contains(photo.scheme?.lowercased() ?? ""), "id \(id): photo scheme of \(photo)")
        require(!(photo.host ?? "").isEmpty, "id \(id): photo without host \(photo)")
    }
}
