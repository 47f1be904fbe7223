// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GRDB
import PetSpotDomain

extension SQLiteReportDatabase {
    /// Reads the report, lets `change` make its next version from it, and
    /// writes that back, all in one `BEGIN IMMEDIATE` transaction: changes
    /// sent at once are applied one after the other, each to the row the one
    /// before left, so none is lost. What `change` throws rolls back and is
    /// thrown here. The id, `photoUrl` and `createdAt` stay; `updatedAt`
    /// moves as `setPhoto` moves it. A microchip number the report did not
    /// have and another report has throws `ReportWriteError.microchipTaken`.
    /// - Returns: the report as stored now.
    func updateReport(
        id: String, now: Date, _ change: @escaping @Sendable (WireAnnouncement) throws -> WireAnnouncement
    ) async throws -> WireAnnouncement {
        try await writeImmediately { db in
            guard
                let current = try Row.fetchOne(
                    db, sql: "SELECT \(AnnouncementColumns.selectList) FROM announcements WHERE id = ?",
                    arguments: [id]
                ).map(AnnouncementColumns.announcement(from:))
            else { throw ReportWriteError.noSuchReport }
            var next = try change(current)
            next.id = current.id
            next.photoUrl = current.photoUrl
            next.createdAt = current.createdAt
            next.updatedAt = WireTimestamp.after(current.updatedAt, now: now)
            if let microchip = next.microchipNumber, microchip != current.microchipNumber {
                let taken =
                    try Bool.fetchOne(
                        db,
                        sql: "SELECT EXISTS (SELECT 1 FROM announcements WHERE microchip_number = ? AND id <> ?)",
                        arguments: [microchip, id]) ?? false
                if taken { throw ReportWriteError.microchipTaken }
            }
            try db.execute(
                sql: """
                    UPDATE announcements SET
                        pet_name = ?, species = ?, breed = ?, sex = ?, age = ?, description = ?,
                        microchip_number = ?, latitude = ?, longitude = ?, last_seen_date = ?, email = ?,
                        phone = ?, status = ?, reward = ?, updated_at = ?
                    WHERE id = ?
                    """,
                arguments: [
                    next.petName, next.species, next.breed, next.sex, next.age, next.description,
                    next.microchipNumber, next.locationLatitude, next.locationLongitude, next.lastSeenDate,
                    next.email, next.phone, next.status, next.reward, next.updatedAt, id,
                ])
            return next
        }
    }
}
