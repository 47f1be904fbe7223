// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// An `Announcement` as the offline cache writes it: the validated values,
/// not the wire's spelling, so reading it back needs no backend URL. Reading
/// checks what the initialisers check (a coordinate on Earth, a real day): a
/// cache file is no more trusted than the network.
struct CachedAnnouncement: Codable {
    var id: String
    var petName: String?
    var species: String
    var breed: String?
    var sex: String
    var age: Int?
    var description: String?
    var microchipNumber: String?
    var latitude: Double
    var longitude: Double
    var address: String?
    var lastSeenDate: String
    var email: String?
    var phone: String?
    var photoURL: String?
    var status: String
    var reward: String?
    /// Seconds since 2001, as `Date` keeps them: no rounding through text.
    var createdAt: Double
    var updatedAt: Double?

    init(_ announcement: Announcement) {
        id = announcement.id
        petName = announcement.petName
        species = announcement.species.rawValue
        breed = announcement.breed
        sex = announcement.sex.rawValue
        age = announcement.age
        description = announcement.description
        microchipNumber = announcement.microchipNumber
        latitude = announcement.coordinate.latitude
        longitude = announcement.coordinate.longitude
        address = announcement.address
        lastSeenDate = announcement.lastSeenDate.isoString
        email = announcement.email
        phone = announcement.phone
        photoURL = announcement.photoURL?.absoluteString
        status = announcement.status.rawValue
        reward = announcement.reward
        createdAt = announcement.createdAt.timeIntervalSinceReferenceDate
        updatedAt = announcement.updatedAt?.timeIntervalSinceReferenceDate
    }

    struct Unusable: Error {}

    func announcement() throws(Unusable) -> Announcement {
        guard let species = Species(rawValue: species), let sex = Sex(rawValue: sex),
            let status = AnnouncementStatus(rawValue: status),
            let coordinate = Coordinate(latitude: latitude, longitude: longitude),
            let lastSeenDate = CalendarDay(isoString: lastSeenDate), !id.isEmpty, createdAt.isFinite
        else { throw Unusable() }
        var photo: URL?
        if let photoURL {
            guard let url = URL(string: photoURL), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https"
            else { throw Unusable() }
            photo = url
        }
        return Announcement(
            id: id, petName: petName, species: species, breed: breed, sex: sex, age: age, description: description,
            microchipNumber: microchipNumber, coordinate: coordinate, address: address, lastSeenDate: lastSeenDate,
            email: email, phone: phone, photoURL: photo, status: status, reward: reward,
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt),
            updatedAt: updatedAt.flatMap { $0.isFinite ? Date(timeIntervalSinceReferenceDate: $0) : nil })
    }
}
