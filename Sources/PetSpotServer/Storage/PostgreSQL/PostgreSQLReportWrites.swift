// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PostgresNIO

extension PostgreSQLReportDatabase {
    /// Rows per multi-row `INSERT`: 18 parameters each stay well below
    /// PostgreSQL's 65 535 per statement.
    static let upsertBatchRows = 1000

    /// Inserts or updates (by id) all announcements in one transaction. An id
    /// repeated takes its first place in storage order and its last copy's
    /// fields, as one upsert after another does on SQLite. A microchip number
    /// two reports would share throws `ReportWriteError.microchipTaken`.
    func upsert(_ announcements: [WireAnnouncement]) async throws {
        var order: [String] = []
        var latest: [String: WireAnnouncement] = [:]
        for announcement in announcements {
            if latest.updateValue(announcement, forKey: announcement.id) == nil { order.append(announcement.id) }
        }
        let unique = order.compactMap { latest[$0] }
        try await mappingMicrochipClash {
            try await writeReports { connection in
                var start = 0
                while start < unique.count {
                    try Task.checkCancellation()
                    let batch = unique[start..<min(start + Self.upsertBatchRows, unique.count)]
                    var bindings = PostgresBindings(capacity: batch.count * PostgreSQLRows.announcementColumnCount)
                    for announcement in batch { PostgreSQLRows.appendAnnouncement(announcement, to: &bindings) }
                    let values = PostgreSQLRows.valuesList(
                        rows: batch.count, columns: PostgreSQLRows.announcementColumnCount)
                    try await connection.query(
                        PostgresQuery(
                            unsafeSQL: "\(Self.insertPrefix) \(values) \(Self.upsertSuffix)", binds: bindings),
                        logger: queryLogger)
                    start += batch.count
                }
            }
        }
    }

    private static let insertPrefix = "INSERT INTO announcements (\(PostgreSQLRows.announcementSelectList)) VALUES"

    /// Replaces the fields of the row with the same id, keeping its place in storage order.
    private static let upsertSuffix = "ON CONFLICT (id) DO UPDATE SET \(AnnouncementTable.updateFromExcluded)"

    /// Deletes every report, with its password, sightings and wrong-password count.
    func deleteAll() async throws {
        try await writeReports { connection in
            _ = try await connection.query("DELETE FROM announcements", logger: queryLogger)
        }
    }

    /// Stores a new report and its password's hash in one transaction. The
    /// unique index on microchip numbers decides between reports sent at once,
    /// through this process or another; a clash on `id` fails rather than
    /// replacing a report.
    func create(_ announcement: WireAnnouncement, credentials: PasswordHash) async throws {
        try await mappingMicrochipClash {
            try await writeReports { connection in
                if let microchip = announcement.microchipNumber,
                    try await exists(
                        "SELECT EXISTS (SELECT 1 FROM announcements WHERE microchip_number = \(microchip))",
                        on: connection)
                {
                    throw ReportWriteError.microchipTaken
                }
                var bindings = PostgresBindings(capacity: PostgreSQLRows.announcementColumnCount)
                PostgreSQLRows.appendAnnouncement(announcement, to: &bindings)
                let values = PostgreSQLRows.valuesList(rows: 1, columns: PostgreSQLRows.announcementColumnCount)
                try await connection.query(
                    PostgresQuery(unsafeSQL: "\(Self.insertPrefix) \(values)", binds: bindings), logger: queryLogger)
                try await connection.query(
                    """
                    INSERT INTO report_credentials (announcement_id, algorithm, iterations, salt, derived_key)
                    VALUES (\(announcement.id), \(credentials.algorithm), \(credentials.iterations),
                        \(credentials.salt), \(credentials.derivedKey))
                    """, logger: queryLogger)
            }
        }
    }

    /// The report's password hash; `nil` when it has none (seeded reports).
    func credentials(forReport id: String) async throws -> PasswordHash? {
        let rows = try await client.query(
            """
            SELECT algorithm, iterations, salt, derived_key FROM report_credentials
            WHERE announcement_id = \(id)
            """, logger: queryLogger
        ).collect()
        guard let row = rows.first else { return nil }
        let (algorithm, iterations, salt, derivedKey) = try row.decode((String, Int, Data, Data).self)
        return PasswordHash(algorithm: algorithm, iterations: iterations, salt: salt, derivedKey: derivedKey)
    }

    /// Points the report's `photoUrl` at `photoURL` and moves `updatedAt`
    /// forward (at least a millisecond past its last value). Returns the photo
    /// URL it had before.
    func setPhoto(ofReport id: String, to photoURL: String, now: Date) async throws -> String? {
        try await writeReports { connection in
            let rows = try await connection.query(
                "SELECT photo_url, updated_at FROM announcements WHERE id = \(id) FOR UPDATE", logger: queryLogger
            ).collect()
            guard let row = rows.first else { throw ReportWriteError.noSuchReport }
            let (previousPhoto, updatedAt) = try row.decode((String?, String).self)
            let next = WireTimestamp.after(updatedAt, now: now)
            try await connection.query(
                "UPDATE announcements SET photo_url = \(photoURL), updated_at = \(next) WHERE id = \(id)",
                logger: queryLogger)
            return previousPhoto
        }
    }

    /// Reads the report (locking its row), lets `change` make its next
    /// version, and writes that back in one transaction: changes sent at once,
    /// to any process, are applied one after the other, each to the row the
    /// one before left. The id, `photoUrl` and `createdAt` stay; `updatedAt`
    /// moves. A microchip number the report did not have and another report
    /// has throws `ReportWriteError.microchipTaken`.
    /// - Returns: the report as stored now.
    func updateReport(
        id: String, now: Date, _ change: @escaping @Sendable (WireAnnouncement) throws -> WireAnnouncement
    ) async throws -> WireAnnouncement {
        try await mappingMicrochipClash {
            try await writeReports { connection in
                let rows = try await connection.query(
                    """
                    SELECT \(unescaped: PostgreSQLRows.announcementSelectList) FROM announcements
                    WHERE id = \(id) FOR UPDATE
                    """, logger: queryLogger
                ).collect()
                guard let current = try rows.first.map(PostgreSQLRows.announcement(from:)) else {
                    throw ReportWriteError.noSuchReport
                }
                var next = try change(current)
                next.id = current.id
                next.photoUrl = current.photoUrl
                next.createdAt = current.createdAt
                next.updatedAt = WireTimestamp.after(current.updatedAt, now: now)
                if let microchip = next.microchipNumber, microchip != current.microchipNumber,
                    try await exists(
                        """
                        SELECT EXISTS (SELECT 1 FROM announcements WHERE microchip_number = \(microchip) AND id <> \(id))
                        """,
                        on: connection)
                {
                    throw ReportWriteError.microchipTaken
                }
                try await connection.query(
                    """
                    UPDATE announcements SET
                        pet_name = \(next.petName), species = \(next.species), breed = \(next.breed),
                        sex = \(next.sex), age = \(next.age), description = \(next.description),
                        microchip_number = \(next.microchipNumber), latitude = \(next.locationLatitude),
                        longitude = \(next.locationLongitude), last_seen_date = \(next.lastSeenDate),
                        email = \(next.email), phone = \(next.phone), status = \(next.status),
                        reward = \(next.reward), updated_at = \(next.updatedAt)
                    WHERE id = \(id)
                    """, logger: queryLogger)
                return next
            }
        }
    }

    /// A transaction whose writes a report's JSON shows: the revision moves with them.
    func writeReports<T: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await PostgreSQLTransaction.run(client, logger: queryLogger) { connection in
            let result = try await body(connection)
            try await connection.query("UPDATE petspot_revision SET value = value + 1", logger: queryLogger)
            return result
        }
    }

    /// The answer of a `SELECT EXISTS (…)`.
    func exists(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> Bool {
        let rows = try await connection.query(query, logger: queryLogger).collect()
        return try rows.first?.decode(Bool.self) ?? false
    }

    /// The unique index's refusal, when reports sent at once both passed the
    /// check, is the same `microchipTaken` the check throws.
    private func mappingMicrochipClash<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PSQLError
            where error.serverInfo?[.sqlState] == Self.uniqueViolation
            && error.serverInfo?[.constraintName] == Self.microchipConstraint
        {
            throw ReportWriteError.microchipTaken
        }
    }

    static let uniqueViolation = "23505"
    static let microchipConstraint = "announcements_microchip_unique"
}
