// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GRDB
import PetSpotDomain

extension SQLiteReportDatabase {
    /// Stores a sighting of an open report. The report's check and the insert
    /// hold SQLite's write lock together, so a report closed or deleted
    /// meanwhile gets none.
    func addSighting(_ sighting: WireSighting) async throws {
        try await writeImmediately(changesReports: false) { db in
            guard
                let status = try String.fetchOne(
                    db, sql: "SELECT status FROM announcements WHERE id = ?", arguments: [sighting.announcementId])
            else { throw SightingWriteError.noSuchReport }
            if AnnouncementStatus(wireValue: status) == .closed { throw SightingWriteError.reportClosed }
            try db.execute(
                sql: """
                    INSERT INTO sightings (id, announcement_id, seen_at, latitude, longitude, note, contact, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    sighting.id, sighting.announcementId, sighting.seenAt, sighting.locationLatitude,
                    sighting.locationLongitude, sighting.note, sighting.contact, sighting.createdAt,
                ])
        }
    }

    /// The report's newest `limit` sightings, newest first; `nil` when there
    /// is no such report. `seen_at` is always the server's own UTC form, so
    /// its text sorts as its time.
    func sightings(ofReport id: String, limit: Int) async throws -> [WireSighting]? {
        try await read { db in
            guard
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM announcements WHERE id = ?)", arguments: [id])
                    ?? false
            else { return nil }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, announcement_id, seen_at, latitude, longitude, note, contact, created_at
                    FROM sightings WHERE announcement_id = ?
                    ORDER BY seen_at DESC, storage_order DESC LIMIT ?
                    """,
                arguments: [id, limit])
            return rows.map { row in
                WireSighting(
                    id: row[0], announcementId: row[1], seenAt: row[2], locationLatitude: row[3],
                    locationLongitude: row[4], note: row[5], contact: row[6], createdAt: row[7])
            }
        }
    }
}
