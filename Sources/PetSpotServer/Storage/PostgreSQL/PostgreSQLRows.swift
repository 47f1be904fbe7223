// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain
import PostgresNIO

/// `WireAnnouncement` and `WireSighting` to and from PostgreSQL rows: columns
/// read by position in the order of `announcementSelectList`, values written
/// as bindings in that same order.
enum PostgreSQLRows {
    static let announcementSelectList = """
        id, pet_name, species, breed, sex, age, description, microchip_number,
        latitude, longitude, last_seen_date, email, phone, photo_url, status, reward,
        created_at, updated_at
        """

    static func announcement(from row: PostgresRow) throws -> WireAnnouncement {
        let (
            id, petName, species, breed, sex, age, description, microchipNumber, latitude, longitude, lastSeenDate,
            email, phone, photoUrl, status, reward, createdAt, updatedAt
        ) = try row.decode(
            (
                String, String?, String, String?, String, Int?, String?, String?, Double, Double, String,
                String?, String?, String?, String, String?, String, String
            ).self)
        return WireAnnouncement(
            id: id, petName: petName, species: species, breed: breed, sex: sex, age: age, description: description,
            microchipNumber: microchipNumber, locationLatitude: latitude, locationLongitude: longitude,
            lastSeenDate: lastSeenDate, email: email, phone: phone, photoUrl: photoUrl, status: status,
            reward: reward, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// The announcement's 18 values, in `announcementSelectList` order.
    static func appendAnnouncement(_ announcement: WireAnnouncement, to bindings: inout PostgresBindings) {
        bindings.append(announcement.id)
        bindings.append(announcement.petName)
        bindings.append(announcement.species)
        bindings.append(announcement.breed)
        bindings.append(announcement.sex)
        bindings.append(announcement.age)
        bindings.append(announcement.description)
        bindings.append(announcement.microchipNumber)
        bindings.append(announcement.locationLatitude)
        bindings.append(announcement.locationLongitude)
        bindings.append(announcement.lastSeenDate)
        bindings.append(announcement.email)
        bindings.append(announcement.phone)
        bindings.append(announcement.photoUrl)
        bindings.append(announcement.status)
        bindings.append(announcement.reward)
        bindings.append(announcement.createdAt)
        bindings.append(announcement.updatedAt)
    }

    static let announcementColumnCount = 18

    /// `($1, …, $18), ($19, …, $36), …` for `rows` rows: placeholders only.
    static func valuesList(rows: Int, columns: Int) -> String {
        (0..<rows).map { row in
            "(" + (1...columns).map { "$\(row * columns + $0)" }.joined(separator: ", ") + ")"
        }.joined(separator: ", ")
    }

    static let sightingSelectList = """
        id, announcement_id, seen_at, latitude, longitude, note, contact, created_at
        """

    static func sighting(from row: PostgresRow) throws -> WireSighting {
        let (id, announcementId, seenAt, latitude, longitude, note, contact, createdAt) = try row.decode(
            (String, String, String, Double, Double, String?, String?, String).self)
        return WireSighting(
            id: id, announcementId: announcementId, seenAt: seenAt, locationLatitude: latitude,
            locationLongitude: longitude, note: note, contact: contact, createdAt: createdAt)
    }
}
