// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import NIOCore
import PetSpotDomain
import PostgresNIO

/// The announcements, their passwords, sightings, photos and wrong-password
/// counts in one PostgreSQL database with PostGIS, through a pool of
/// connections. Several server processes may share the database: everything
/// a request depends on is in it, and every check-then-write runs in one
/// transaction that locks the rows it read. Every value is bound as a
/// parameter (`PostgresQuery` interpolation binds); the SQL text comes only
/// from constants here.
final class PostgreSQLReportDatabase: ReportDatabase {
    let location: PostgreSQLLocation
    let client: PostgreSQLPool
    /// postgres-nio logs each query at debug level: this one keeps those quiet.
    let queryLogger: Logger
    /// The clock wrong-password windows are measured by (tests move it).
    let now: @Sendable () -> Date
    private let runTask: Task<Void, Never>

    /// Connects (bounded by `connectTimeout`: a wrong address, user or
    /// database name fails here rather than at the first request), brings the
    /// schema up to date and opens the pool.
    static func open(
        _ location: PostgreSQLLocation, logger: Logger, maximumConnections: Int = 20,
        connectTimeout: Duration = .seconds(10), connectionWait: Duration = DatabaseUnavailableError.connectionWait,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> PostgreSQLReportDatabase {
        var connectionConfiguration = location.connectionConfiguration()
        connectionConfiguration.options.connectTimeout = TimeAmount(connectTimeout)
        let connection = try await PostgresConnection.connect(
            configuration: connectionConfiguration, id: 0, logger: quiet(logger))
        do {
            try await PostgreSQLSchema.migrate(on: connection, logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
        return PostgreSQLReportDatabase(
            location: location, logger: logger, maximumConnections: maximumConnections,
            connectTimeout: connectTimeout, connectionWait: connectionWait, now: now)
    }

    /// `open` with a `postgres://` URL (`PostgreSQLLocation`).
    static func open(
        url: String, logger: Logger, maximumConnections: Int = 20, now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> PostgreSQLReportDatabase {
        try await open(PostgreSQLLocation(url: url), logger: logger, maximumConnections: maximumConnections, now: now)
    }

    private init(
        location: PostgreSQLLocation, logger: Logger, maximumConnections: Int, connectTimeout: Duration,
        connectionWait: Duration, now: @escaping @Sendable () -> Date
    ) {
        self.location = location
        self.now = now
        var configuration = location.clientConfiguration()
        configuration.options.maximumConnections = max(1, maximumConnections)
        configuration.options.connectTimeout = connectTimeout
        queryLogger = Self.quiet(logger)
        let client = PostgreSQLPool(
            client: PostgresClient(configuration: configuration, backgroundLogger: queryLogger),
            leaseTimeout: connectionWait)
        self.client = client
        runTask = Task { await client.run() }
    }

    private static func quiet(_ logger: Logger) -> Logger {
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .warning)
        return quiet
    }

    /// Closes the pool; later calls fail.
    func close() async throws {
        runTask.cancel()
        await runTask.value
    }

    /// Moves (in the same transaction) with every write a report's JSON
    /// shows, whichever process made it: an answer built at one revision is
    /// still right while the revision is the same.
    func revision() async throws -> DatabaseRevision {
        let rows = try await client.query("SELECT value FROM petspot_revision", logger: queryLogger).collect()
        return DatabaseRevision(try rows.first?.decode(Int64.self) ?? 0)
    }

    func count() async throws -> Int {
        let rows = try await client.query("SELECT count(*) FROM announcements", logger: queryLogger).collect()
        return try rows.first?.decode(Int.self) ?? 0
    }

    /// Every announcement, in storage order.
    func all() async throws -> [WireAnnouncement] {
        let rows = try await client.query(
            "SELECT \(unescaped: PostgreSQLRows.announcementSelectList) FROM announcements ORDER BY storage_order",
            logger: queryLogger)
        var result: [WireAnnouncement] = []
        for try await row in rows {
            result.append(try PostgreSQLRows.announcement(from: row))
        }
        return result
    }

    /// Announcements whose Haversine distance (R = 6371 km) from the centre is
    /// below the radius, in storage order, exactly as the SQLite engine
    /// answers. PostGIS narrows on the sphere through the GiST index
    /// (`ST_DWithin` adds `place && _ST_Expand(centre, metres)` as its index
    /// condition) with a radius a little larger than asked; Swift decides.
    func announcements(in area: SearchArea) async throws -> [WireAnnouncement] {
        let metres = Self.searchMetres(radiusKilometres: area.radiusKilometres)
        let rows = try await client.query(
            """
            SELECT \(unescaped: PostgreSQLRows.announcementSelectList) FROM announcements
            WHERE ST_DWithin(
                place, ST_SetSRID(ST_MakePoint(\(area.longitude), \(area.latitude)), 4326)::geography,
                \(metres), false)
            ORDER BY storage_order
            """, logger: queryLogger)
        var result: [WireAnnouncement] = []
        for try await row in rows {
            let announcement = try PostgreSQLRows.announcement(from: row)
            if area.contains(latitude: announcement.locationLatitude, longitude: announcement.locationLongitude) {
                result.append(announcement)
            }
        }
        return result
    }

    /// PostGIS's sphere has the mean Earth radius (6 371 008.7714 m), a little
    /// more than the contract's 6 371 km: the same angle is a longer distance
    /// there. Scaled to that sphere, plus a metre against rounding, the search
    /// radius holds every point the contract's circle holds.
    static func searchMetres(radiusKilometres: Int) -> Double {
        let postGISRadiusMetres = 6_371_008.7714
        return Double(radiusKilometres) * postGISRadiusMetres / Coordinate.earthRadiusKilometres + 1
    }

    func announcement(id: String) async throws -> WireAnnouncement? {
        let rows = try await client.query(
            "SELECT \(unescaped: PostgreSQLRows.announcementSelectList) FROM announcements WHERE id = \(id)",
            logger: queryLogger
        ).collect()
        return try rows.first.map(PostgreSQLRows.announcement(from:))
    }
}
