import Foundation
import PetSpotDomain

/// What every announcement the decoder hands out must satisfy, whatever the
/// body: the promises the validator makes to the rest of the app.
public func requireShowable(_ announcement: Announcement) {
    let id = announcement.id
    require(id.trimmedNonEmpty != nil, "blank id \(id.debugDescription)")
    require(
        Coordinate.isValid(latitude: announcement.coordinate.latitude, longitude: announcement.coordinate.longitude),
        "id \(id): coordinate out of range \(announcement.coordinate)"
    )
    require(announcement.age.map { $0 >= 0 } ?? true, "id \(id): negative age")
    require(announcement.createdAt.timeIntervalSince1970.isFinite, "id \(id): createdAt not finite")
    require(announcement.updatedAt?.timeIntervalSince1970.isFinite ?? true, "id \(id): updatedAt not finite")
    let optionalTexts: [String?] = [
        announcement.petName, announcement.breed, announcement.description, announcement.microchipNumber,
        announcement.address, announcement.email, announcement.phone, announcement.reward,
    ]
    for text in optionalTexts.compactMap(\.self) {
        require(text.trimmedNonEmpty == text, "id \(id): optional text not trimmed or blank: \(text.debugDescription)")
    }
    if let photo = announcement.photoURL {
        require(["http", "https"].contains(photo.scheme?.lowercased() ?? ""), "id \(id): photo scheme of \(photo)")
        require(!(photo.host ?? "").isEmpty, "id \(id): photo without host \(photo)")
    }
}
