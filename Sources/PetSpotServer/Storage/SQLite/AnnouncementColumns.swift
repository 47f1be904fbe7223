// SPDX-License-Identifier: GPL-3.0-or-later

import GRDB
import PetSpotDomain

/// Maps `WireAnnouncement` to and from table rows. Columns are read by position, in
/// the order of `selectList`, which keeps listing 100 000 rows cheap.
enum AnnouncementColumns {
    static let selectList = AnnouncementTable.columnList

    /// Insert, or replace the fields of the row with the same id (keeping its place
    /// in storage order).
    static let upsertSQL = """
        INSERT INTO announcements (\(selectList))
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET \(AnnouncementTable.updateFromExcluded)
        """

    /// A new row; a clash on `id` fails rather than replacing a report.
    static let insertSQL = """
        INSERT INTO announcements (\(selectList))
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    static func arguments(for announcement: WireAnnouncement) -> StatementArguments {
        [
            announcement.id, announcement.petName, announcement.species,
            announcement.breed, announcement.sex, announcement.age,
            announcement.description, announcement.microchipNumber,
            announcement.locationLatitude, announcement.locationLongitude,
            announcement.lastSeenDate, announcement.email, announcement.phone,
            announcement.photoUrl, announcement.status, announcement.reward,
            announcement.createdAt, announcement.updatedAt,
        ]
    }

    /// Rows come only from `upsertSQL`, whose NOT NULL columns hold the right types.
    static func announcement(from row: Row) -> WireAnnouncement {
        WireAnnouncement(
            id: row[0],
            petName: row[1],
            species: row[2],
            breed: row[3],
            sex: row[4],
            age: row[5],
            description: row[6],
            microchipNumber: row[7],
            locationLatitude: row[8],
            locationLongitude: row[9],
            lastSeenDate: row[10],
            email: row[11],
            phone: row[12],
            photoUrl: row[13],
            status: row[14],
            reward: row[15],
            createdAt: row[16],
            updatedAt: row[17]
        )
    }
}
