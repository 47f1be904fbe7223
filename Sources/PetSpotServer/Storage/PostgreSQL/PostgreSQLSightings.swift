// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain
import PostgresNIO

extension PostgreSQLReportDatabase {
    /// Stores a sighting of an open report. The report's row is share-locked
    /// from the check to the commit, so a report closed or deleted meanwhile,
    /// through any process, gets none. No report's JSON shows it: the
    /// revision stays.
    func addSighting(_ sighting: WireSighting) async throws {
        try await PostgreSQLTransaction.run(client, logger: queryLogger) { connection in
            let rows = try await connection.query(
                "SELECT status FROM announcements WHERE id = \(sighting.announcementId) FOR SHARE",
                logger: queryLogger
            ).collect()
            guard let row = rows.first else { throw SightingWriteError.noSuchReport }
            if AnnouncementStatus(wireValue: try row.decode(String.self)) == .closed {
                throw SightingWriteError.reportClosed
            }
            try await connection.query(
                """
                INSERT INTO sightings (\(unescaped: PostgreSQLRows.sightingSelectList))
                VALUES (\(sighting.id), \(sighting.announcementId), \(sighting.seenAt), \(sighting.locationLatitude),
                    \(sighting.locationLongitude), \(sighting.note), \(sighting.contact), \(sighting.createdAt))
                """, logger: queryLogger)
        }
    }

    /// The report's newest `limit` sightings, newest first; `nil` when there
    /// is no such report. `seen_at` is always the server's own UTC form and
    /// compared byte by byte (`COLLATE "C"`), so its text sorts as its time.
    func sightings(ofReport id: String, limit: Int) async throws -> [WireSighting]? {
        try await PostgreSQLTransaction.run(client, logger: queryLogger) { connection in
            guard
                try await exists("SELECT EXISTS (SELECT 1 FROM announcements WHERE id = \(id))", on: connection)
            else { return nil }
            let rows = try await connection.query(
                """
                SELECT \(unescaped: PostgreSQLRows.sightingSelectList) FROM sightings
                WHERE announcement_id = \(id)
                ORDER BY seen_at DESC, storage_order DESC LIMIT \(limit)
                """, logger: queryLogger
            ).collect()
            return try rows.map(PostgreSQLRows.sighting(from:))
        }
    }
}
