// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GRDB
import PetSpotDomain

extension SQLiteReportDatabase {
    /// Stores a new report and its password's hash in one `BEGIN IMMEDIATE`
    /// transaction: the microchip check and the insert hold SQLite's write
    /// lock together, so two reports with one microchip number never both get
    /// in, whether they come from this process or another.
    func create(_ announcement: WireAnnouncement, credentials: PasswordHash) async throws {
        try await writeImmediately { db in
            if let microchip = announcement.microchipNumber {
                let taken =
                    try Bool.fetchOne(
                        db, sql: "SELECT EXISTS (SELECT 1 FROM announcements WHERE microchip_number = ?)",
                        arguments: [microchip]) ?? false
                if taken { throw ReportWriteError.microchipTaken }
            }
            try db.execute(
                sql: AnnouncementColumns.insertSQL, arguments: AnnouncementColumns.arguments(for: announcement))
            try db.execute(
                sql: """
                    INSERT INTO report_credentials (announcement_id, algorithm, iterations, salt, derived_key)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [
                    announcement.id, credentials.algorithm, credentials.iterations, credentials.salt,
                    credentials.derivedKey,
                ])
        }
    }

    /// The report's password hash; `nil` when it has none (seeded reports).
    func credentials(forReport id: String) async throws -> PasswordHash? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql:
                    "SELECT algorithm, iterations, salt, derived_key FROM report_credentials WHERE announcement_id = ?",
                arguments: [id]
            ).map { row in
                PasswordHash(algorithm: row[0], iterations: row[1], salt: row[2], derivedKey: row[3])
            }
        }
    }

    /// Points the report's `photoUrl` at `photoURL` and moves `updatedAt`
    /// forward (at least a millisecond past its last value, so a client can
    /// always tell the change). Returns the photo URL it had before.
    func setPhoto(ofReport id: String, to photoURL: String, now: Date) async throws -> String? {
        try await writeImmediately { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT photo_url, updated_at FROM announcements WHERE id = ?", arguments: [id])
            else { throw ReportWriteError.noSuchReport }
            let previousPhoto: String? = row[0]
            let updatedAt = WireTimestamp.after(row[1], now: now)
            try db.execute(
                sql: "UPDATE announcements SET photo_url = ?, updated_at = ? WHERE id = ?",
                arguments: [photoURL, updatedAt, id])
            return previousPhoto
        }
    }
}
