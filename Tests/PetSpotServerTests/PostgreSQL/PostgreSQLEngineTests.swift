// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import NIOCore
import PetSpotDomain
import PetSpotTestSupport
import PostgresNIO
import Testing

@testable import PetSpotServer

/// The PostgreSQL engine on its own: migrations, several engines (server
/// processes) on one database, photos, and region answers equal to SQLite's.
/// Each test has a fresh database of its own (`TestPostgres`).
@Suite("PostgreSQL engine", .enabled(if: TestPostgres.isAvailable, "needs Tests/postgres/with-test-postgres.sh"))
struct PostgreSQLEngineTests {
    static let logger = Logger(label: "petspot-test") { _ in SwiftLogNoOpLogHandler() }

    /// Runs `body` with engines open on one fresh database, closing them afterwards.
    static func withEngines(
        _ count: Int = 1, now: @escaping @Sendable () -> Date = { Date() },
        _ body: ([PostgreSQLReportDatabase], String) async throws -> Void
    ) async throws {
        try await TestPostgres.withFreshDatabase { url in
            var engines: [PostgreSQLReportDatabase] = []
            do {
                for _ in 0..<count {
                    engines.append(try await PostgreSQLReportDatabase.open(url: url, logger: logger, now: now))
                }
                try await body(engines, url)
            } catch {
                for engine in engines { try? await engine.close() }
                throw error
            }
            for engine in engines { try await engine.close() }
        }
    }

    static func migrationRows(_ url: String) async throws -> [Int] {
        let location = try PostgreSQLLocation(url: url)
        let connection = try await PostgresConnection.connect(
            configuration: location.connectionConfiguration(), id: 9, logger: logger)
        let rows = try await connection.query(
            "SELECT version FROM petspot_schema_migrations ORDER BY version", logger: logger
        ).collect()
        try await connection.close()
        return try rows.map { Int(try $0.decode(Int32.self)) }
    }

    @Test("Migrations run once: opening the database again applies none")
    func migrationsAreIdempotent() async throws {
        try await Self.withEngines { _, url in
            let location = try PostgreSQLLocation(url: url)
            let connection = try await PostgresConnection.connect(
                configuration: location.connectionConfiguration(), id: 3, logger: Self.logger)
            let applied = try await PostgreSQLSchema.migrate(on: connection, logger: Self.logger)
            try await connection.close()
            #expect(applied.isEmpty)
            let again = try await PostgreSQLReportDatabase.open(url: url, logger: Self.logger)
            try await again.close()
            #expect(try await Self.migrationRows(url) == PostgreSQLSchema.migrations.map(\.version))
        }
    }

    @Test("Server processes starting at once apply each migration exactly once")
    func concurrentStart() async throws {
        try await TestPostgres.withFreshDatabase { url in
            let engines = try await withThrowingTaskGroup(of: PostgreSQLReportDatabase.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await PostgreSQLReportDatabase.open(url: url, logger: Self.logger) }
                }
                var engines: [PostgreSQLReportDatabase] = []
                for try await engine in group { engines.append(engine) }
                return engines
            }
            #expect(engines.count == 4)
            for engine in engines {
                #expect(try await engine.count() == 0)
                try await engine.close()
            }
            #expect(try await Self.migrationRows(url) == PostgreSQLSchema.migrations.map(\.version))
        }
    }

    @Test("Two engines on one database see each other's writes, and the revision moves for both")
    func sharedWrites() async throws {
        try await Self.withEngines(2) { engines, _ in
            let (first, second) = (engines[0], engines[1])
            let before = try await second.revision()
            try await first.upsert([SampleAnnouncements.make(id: "a"), SampleAnnouncements.make(id: "b")])
            let afterUpsert = try await second.revision()
            #expect(afterUpsert != before)
            #expect(try await second.all().map(\.id) == ["a", "b"])
            #expect(try await first.revision() == afterUpsert)

            let changed = try await second.updateReport(id: "a", now: Date()) { report in
                var next = report
                next.petName = "Mruczek"
                return next
            }
            #expect(try await first.announcement(id: "a") == changed)
            #expect(try await first.revision() != afterUpsert)

            // Reading never moves it; a sighting need not.
            let settled = try await first.revision()
            _ = try await second.all()
            #expect(try await first.revision() == settled)
        }
    }

    @Test("Upserts keep storage order, take an id's last copy, and keep the coordinates exactly")
    func upsertOrder() async throws {
        try await Self.withEngines { engines, _ in
            let database = engines[0]
            var late = SampleAnnouncements.make(id: "a", petName: "Second copy")
            late.locationLatitude = 52.229_700_000_000_01
            try await database.upsert([
                SampleAnnouncements.make(id: "a"), SampleAnnouncements.make(id: "b"), late,
            ])
            try await database.upsert([SampleAnnouncements.make(id: "c"), SampleAnnouncements.make(id: "b")])
            let all = try await database.all()
            #expect(all.map(\.id) == ["a", "b", "c"])
            #expect(all[0] == late)
            #expect(try await database.count() == 3)

            // More rows than one statement's batch.
            let many = (0..<2_500).map { SampleAnnouncements.make(id: "bulk-\($0)") }
            try await database.upsert(many)
            #expect(try await database.count() == 2_503)
            try await database.deleteAll()
            #expect(try await database.count() == 0)
        }
    }

    @Test("The wrong-password count is shared by engines on one database")
    func sharedPasswordGuesses() async throws {
        try await Self.withEngines(2) { engines, _ in
            let (first, second) = (engines[0], engines[1])
            try await first.upsert([SampleAnnouncements.make(id: "r")])
            for guess in 0..<PasswordAttempts.limit {
                let engine = guess.isMultiple(of: 2) ? first : second
                #expect(try await engine.reservePasswordGuess(forReport: "r"))
            }
            #expect(try await first.reservePasswordGuess(forReport: "r") == false)
            #expect(try await second.reservePasswordGuess(forReport: "r") == false)
            try await second.forgetPasswordGuesses(forReport: "r")
            #expect(try await first.reservePasswordGuess(forReport: "r"))
            #expect(try await second.passwordFailures(forReport: "r") == 1)
        }
    }

    @Test("Guesses at once get no more than the limit, and a new window starts after the old one")
    func passwordWindow() async throws {
        try await Self.withEngines(2) { engines, _ in
            try await engines[0].upsert([SampleAnnouncements.make(id: "r")])
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let granted = try await withThrowingTaskGroup(of: Bool.self) { group in
                for guess in 0..<40 {
                    group.addTask {
                        try await engines[guess % 2].reservePasswordGuess(forReport: "r", now: start)
                    }
                }
                var granted = 0
                for try await ok in group where ok { granted += 1 }
                return granted
            }
            #expect(granted == PasswordAttempts.limit)
            let almost = start.addingTimeInterval(PasswordAttempts.window - 1)
            #expect(try await engines[1].reservePasswordGuess(forReport: "r", now: almost) == false)
            let later = start.addingTimeInterval(PasswordAttempts.window)
            #expect(try await engines[1].reservePasswordGuess(forReport: "r", now: later))
            #expect(try await engines[0].passwordFailures(forReport: "r") == 1)
            // A report that is not there takes a guess; its password check fails on its own.
            #expect(try await engines[0].reservePasswordGuess(forReport: "missing", now: start))
        }
    }

    @Test("Photos round-trip through the database; other bytes get another version")
    func photos() async throws {
        try await Self.withEngines(2) { engines, _ in
            let (first, second) = (engines[0], engines[1])
            let bytes = ByteBuffer(bytes: (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try await first.storePhoto(bytes, named: "a.jpg")
            let stored = try #require(try await second.photo(named: "a.jpg"))
            #expect(stored.size == 70_000)
            guard case .inMemory(let read) = stored.bytes else {
                Issue.record("PostgreSQL photos are read into memory")
                return
            }
            #expect(read == bytes)

            try await second.storePhoto(bytes, named: "a.jpg")
            #expect(try await first.photo(named: "a.jpg")?.version == stored.version)
            try await second.storePhoto(ByteBuffer(bytes: [1, 2, 3]), named: "a.jpg")
            let replaced = try #require(try await first.photo(named: "a.jpg"))
            #expect(replaced.version != stored.version)
            #expect(replaced.size == 3)

            try await first.deletePhoto(named: "a.jpg")
            try await first.deletePhoto(named: "a.jpg")
            #expect(try await second.photo(named: "a.jpg") == nil)
            #expect(try await second.photo(named: "never.png") == nil)
        }
    }

    @Test("Reports sent at once with one microchip number: one is stored, the others are refused")
    func microchipConstraint() async throws {
        try await Self.withEngines(2) { engines, _ in
            let hash = try PasswordHash.make(password: "123456", using: .fast)
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        var report = SampleAnnouncements.make(id: "chip-\(index)")
                        report.microchipNumber = "981000000000555"
                        do {
                            try await engines[index % 2].create(report, credentials: hash)
                            return true
                        } catch ReportWriteError.microchipTaken {
                            return false
                        }
                    }
                }
                var stored = 0
                for try await ok in group where ok { stored += 1 }
                return stored
            }
            #expect(outcomes == 1)
            #expect(try await engines[0].count() == 1)

            var other = SampleAnnouncements.make(id: "other")
            other.microchipNumber = "981000000000777"
            try await engines[1].create(other, credentials: hash)
            await #expect(throws: ReportWriteError.microchipTaken) {
                _ = try await engines[0].updateReport(id: "other", now: Date()) { report in
                    var next = report
                    next.microchipNumber = "981000000000555"
                    return next
                }
            }
            #expect(try await engines[0].credentials(forReport: "other") == hash)
            #expect(try await engines[0].credentials(forReport: "missing") == nil)
        }
    }

    @Test("Writes to one report from two engines are applied one after the other")
    func serialisedUpdates() async throws {
        try await Self.withEngines(2) { engines, _ in
            var report = SampleAnnouncements.make(id: "r")
            report.description = ""
            try await engines[0].upsert([report])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        _ = try await engines[index % 2].updateReport(id: "r", now: Date()) { current in
                            var next = current
                            next.description = (current.description ?? "") + "x"
                            return next
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await engines[1].announcement(id: "r")?.description == String(repeating: "x", count: 20))
            let previous = try await engines[1].setPhoto(ofReport: "r", to: "/images/new.jpg", now: Date())
            #expect(previous == nil)
            #expect(try await engines[0].announcement(id: "r")?.photoUrl == "/images/new.jpg")
            await #expect(throws: ReportWriteError.noSuchReport) {
                _ = try await engines[0].setPhoto(ofReport: "missing", to: "/images/x.jpg", now: Date())
            }
        }
    }

    @Test("Sightings: newest first, none for a closed report, deleted with their report")
    func sightings() async throws {
        try await Self.withEngines { engines, _ in
            let database = engines[0]
            try await database.upsert([
                SampleAnnouncements.make(id: "open"), SampleAnnouncements.make(id: "closed", status: "CLOSED"),
            ])
            func sighting(_ id: String, _ report: String, _ seenAt: String) -> WireSighting {
                WireSighting(
                    id: id, announcementId: report, seenAt: seenAt, locationLatitude: 52.1,
                    locationLongitude: 21.1, note: nil, contact: nil, createdAt: "2026-11-20T10:00:00.000Z")
            }
            let revision = try await database.revision()
            try await database.addSighting(sighting("s1", "open", "2026-11-20T09:00:00.000Z"))
            try await database.addSighting(sighting("s2", "open", "2026-11-20T11:00:00.000Z"))
            try await database.addSighting(sighting("s3", "open", "2026-11-20T09:00:00.000Z"))
            #expect(try await database.revision() == revision)
            #expect(try await database.sightings(ofReport: "open", limit: 10)?.map(\.id) == ["s2", "s3", "s1"])
            #expect(try await database.sightings(ofReport: "open", limit: 1)?.map(\.id) == ["s2"])
            #expect(try await database.sightings(ofReport: "missing", limit: 10) == nil)
            await #expect(throws: SightingWriteError.reportClosed) {
                try await database.addSighting(sighting("s4", "closed", "2026-11-20T09:00:00.000Z"))
            }
            await #expect(throws: SightingWriteError.noSuchReport) {
                try await database.addSighting(sighting("s5", "missing", "2026-11-20T09:00:00.000Z"))
            }
            try await database.deleteAll()
            try await database.upsert([SampleAnnouncements.make(id: "open")])
            #expect(try await database.sightings(ofReport: "open", limit: 10) == [])
        }
    }

    /// Points just inside and just outside each circle, around the world:
    /// across the antimeridian, near the poles, on the equator.
    static func regionRows() -> [WireAnnouncement] {
        let centres: [(Double, Double)] = [
            (52.2297, 21.0122), (0, 179.99), (-33.9, -179.95), (89.9, 10), (-89.5, -120), (0, 0), (64.1, -21.9),
        ]
        let radii = [1, 5, 50, 500]
        var rows: [WireAnnouncement] = []
        for (centreIndex, (latitude, longitude)) in centres.enumerated() {
            for radius in radii {
                for bearing in stride(from: 0.0, to: 360, by: 15) {
                    for factor in [0.5, 0.999_999, 0.999_999_999_9, 1.0, 1.000_000_000_1, 1.000_001, 1.5] {
                        let point = SampleAnnouncements.destination(
                            fromLatitude: latitude, longitude: longitude, kilometres: Double(radius) * factor,
                            bearingDegrees: bearing)
                        rows.append(
                            SampleAnnouncements.make(
                                id: "p\(centreIndex)-\(radius)-\(Int(bearing))-\(factor)", latitude: point.latitude,
                                longitude: point.longitude))
                    }
                }
            }
        }
        return rows
    }

    @Test("Region queries answer exactly what the SQLite engine answers on the same rows")
    func regionEqualsSQLite() async throws {
        let rows = Self.regionRows()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petspot-region-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sqlite = try SQLiteReportDatabase(path: directory.appendingPathComponent("petspot.sqlite").path)
        try await sqlite.upsert(rows)
        try await Self.withEngines { engines, _ in
            let postgres = engines[0]
            try await postgres.upsert(rows)
            let centres: [(Double, Double)] = [
                (52.2297, 21.0122), (0, 179.99), (-33.9, -179.95), (89.9, 10), (-89.5, -120), (0, 0), (64.1, -21.9),
                (0, -180), (90, 0), (-90, 0), (10, 10),
            ]
            var compared = 0
            var nonEmpty = 0
            for (latitude, longitude) in centres {
                for radius in [1, 5, 50, 500, 5_000, 20_000, 40_000] {
                    let area = SearchArea(latitude: latitude, longitude: longitude, radiusKilometres: radius)
                    let expected = try await sqlite.announcements(in: area)
                    let answered = try await postgres.announcements(in: area)
                    #expect(answered == expected, "\(latitude), \(longitude), \(radius) km")
                    compared += 1
                    if !expected.isEmpty { nonEmpty += 1 }
                }
            }
            #expect(compared == 77)
            #expect(nonEmpty > 40)
        }
        try await sqlite.close()
    }

    @Test("The region query narrows through the GiST index on the place")
    func regionUsesIndex() async throws {
        try await Self.withEngines { engines, url in
            try await engines[0].upsert(
                (0..<2_000).map { index in
                    SampleAnnouncements.make(
                        id: "i\(index)", latitude: 49 + Double(index % 60) / 10, longitude: 14 + Double(index / 60) / 4)
                })
            let location = try PostgreSQLLocation(url: url)
            let connection = try await PostgresConnection.connect(
                configuration: location.connectionConfiguration(), id: 4, logger: Self.logger)
            try await connection.query("ANALYZE announcements", logger: Self.logger)
            try await connection.query("SET enable_seqscan = off", logger: Self.logger)
            let rows = try await connection.query(
                """
                EXPLAIN SELECT id FROM announcements
                WHERE ST_DWithin(place, ST_SetSRID(ST_MakePoint(\(21.0), \(52.2)), 4326)::geography, \(5000.0), false)
                """, logger: Self.logger
            ).collect()
            try await connection.close()
            let plan = try rows.map { try $0.decode(String.self) }.joined(separator: "\n")
            #expect(plan.contains("announcements_by_place"), "\(plan)")
            #expect(plan.contains("&&"), "\(plan)")
        }
    }

    @Test("A database that is not there fails at start, within the connect timeout, naming the cause")
    func unreachable() async throws {
        let template = try PostgreSQLLocation(url: try #require(TestPostgres.templateURL))
        await #expect(throws: (any Error).self) {
            _ = try await PostgreSQLReportDatabase.open(
                template.with(database: "no_such_database"), logger: Self.logger, connectTimeout: .seconds(5))
        }
    }
}

/// `--database` URLs, read without a server.
@Suite("PostgreSQL locations")
struct PostgreSQLLocationTests {
    @Test("Locations: URLs as libpq reads them; passwords never in log lines")
    func locations() throws {
        let tcp = try PostgreSQLLocation(url: "postgres://pet%40spot:s%3Acret@db.example:6543/petspot")
        #expect(tcp.endpoint == .tcp(host: "db.example", port: 6543))
        #expect(tcp.username == "pet@spot")
        #expect(tcp.password == "s:cret")
        #expect(tcp.database == "petspot")
        #expect(!tcp.redacted.contains("cret"))
        let socket = try PostgreSQLLocation(url: "postgresql://petspot@/petspot?host=/run/postgresql")
        #expect(socket.endpoint == .unixSocket(path: "/run/postgresql/.s.PGSQL.5432"))
        #expect(socket.password == nil)
        #expect(try PostgreSQLLocation(url: "postgres://u@h/d?sslmode=disable").endpoint == .tcp(host: "h", port: 5432))
        #expect(throws: PostgreSQLLocation.Problem.noUserName) { try PostgreSQLLocation(url: "postgres://h/d") }
        #expect(throws: PostgreSQLLocation.Problem.noDatabaseName) { try PostgreSQLLocation(url: "postgres://u@h") }
        #expect(throws: PostgreSQLLocation.Problem.unsupportedSSLMode("require")) {
            try PostgreSQLLocation(url: "postgres://u@h/d?sslmode=require")
        }
        #expect(throws: PostgreSQLLocation.Problem.unsupportedParameter("options")) {
            try PostgreSQLLocation(url: "postgres://u@h/d?options=x")
        }
        #expect(throws: PostgreSQLLocation.Problem.notAPostgresURL) { try PostgreSQLLocation(url: "mysql://u@h/d") }
        // The search radius on PostGIS's sphere is never below the contract's.
        #expect(PostgreSQLReportDatabase.searchMetres(radiusKilometres: 5) > 5_000.007)
    }
}
