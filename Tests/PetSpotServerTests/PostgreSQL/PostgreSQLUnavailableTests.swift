// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import NIOHTTP1
import PetSpotTestSupport
import PostgresNIO
import Testing

@testable import PetSpotServer

/// While PostgreSQL cannot be reached, a request waits a bounded time for a
/// connection and is then refused (503 over HTTP) instead of being held for
/// the client library's minute of reconnecting; once the database is back,
/// requests are served again.
@Suite(
    "PostgreSQL out of reach", .enabled(if: TestPostgres.isAvailable, "needs Tests/postgres/with-test-postgres.sh"),
    // A test that waits on a connection that never comes fails, not the run.
    .timeLimit(.minutes(1)))
struct PostgreSQLUnavailableTests {
    static let logger = Logger(label: "petspot-test") { _ in SwiftLogNoOpLogHandler() }

    @Test("with every connection busy, a request waits the bounded time, then is unavailable; then served again")
    func busyPoolIsUnavailableAfterTheWait() async throws {
        try await TestPostgres.withFreshDatabase { url in
            let engine = try await PostgreSQLReportDatabase.open(
                PostgreSQLLocation(url: url), logger: Self.logger, maximumConnections: 1,
                connectionWait: .seconds(1))
            // The pool's one connection made, so the holder takes it at once.
            #expect(try await engine.count() == 0)
            let holding = AsyncStream<Void>.makeStream()
            let holder = Task {
                defer { holding.continuation.finish() }
                try await engine.client.withConnection { connection in
                    holding.continuation.yield()
                    try await connection.query("SELECT pg_sleep(5)", logger: Self.logger)
                }
            }
            var held = false
            for await _ in holding.stream {
                held = true
                break
            }
            guard held else {
                try await holder.value
                Issue.record("the holder never had the connection")
                return
            }
            let started = ContinuousClock.now
            await #expect(throws: DatabaseUnavailableError.self) { _ = try await engine.count() }
            // Well before the holder lets go: refused after the wait, not served after it.
            #expect(ContinuousClock.now - started < .seconds(4))
            try await holder.value
            #expect(try await engine.count() == 0)
            try await engine.close()
        }
    }

    @Test("a database that refuses connections is unavailable within the wait, and served again once it accepts them")
    func refusedConnectionsAreUnavailableThenRecover() async throws {
        try await TestPostgres.withFreshDatabase { url in
            let location = try PostgreSQLLocation(url: url)
            let engine = try await PostgreSQLReportDatabase.open(
                location, logger: Self.logger, connectionWait: .seconds(2))
            #expect(try await engine.count() == 0)
            try await Self.setConnectionsAllowed(false, to: location)
            let started = ContinuousClock.now
            await #expect(throws: DatabaseUnavailableError.self) { _ = try await engine.count() }
            #expect(ContinuousClock.now - started < .seconds(10))
            try await Self.setConnectionsAllowed(true, to: location)
            #expect(try await Self.eventually { try await engine.count() } == 0)
            try await engine.close()
        }
    }

    @Test("over HTTP: 503 UNAVAILABLE with Retry-After while the database refuses connections")
    func serverAnswersServiceUnavailable() async throws {
        let templateURL = try #require(TestPostgres.templateURL)
        try await ServerFixture.with(engine: .postgreSQL(templateURL: templateURL)) { fixture in
            guard case .postgreSQL(let url) = fixture.configuration.database else {
                Issue.record("not on PostgreSQL")
                return
            }
            let location = try PostgreSQLLocation(url: url)
            #expect(try await fixture.get("/api/v1/announcements/nobody").status == 404)
            try await Self.setConnectionsAllowed(false, to: location)
            let refused = try await fixture.get("/api/v1/announcements/nobody")
            try await Self.setConnectionsAllowed(true, to: location)
            #expect(refused.status == 503)
            #expect(refused.headers["Retry-After"].first == String(DatabaseUnavailableError.retryAfterSeconds))
            #expect(String(decoding: refused.body, as: UTF8.self).contains("\"UNAVAILABLE\""))
        }
    }

    /// Stops (or allows again) new connections to the database and ends the
    /// ones it has, as a restart does.
    static func setConnectionsAllowed(_ allowed: Bool, to location: PostgreSQLLocation) async throws {
        try await TestPostgres.administer(location) { connection in
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: "ALTER DATABASE \(location.database) WITH ALLOW_CONNECTIONS \(allowed)"),
                logger: logger)
            if !allowed {
                try await connection.query(
                    """
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = \(location.database) AND pid <> pg_backend_pid()
                    """, logger: logger)
            }
        }
    }

    /// `body`'s answer once it stops throwing (the pool reconnects with
    /// back-off); its last error after 30 s.
    static func eventually<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            do {
                return try await body()
            } catch  where ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }
}
