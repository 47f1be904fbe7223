// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotServer
import Testing

/// The storage engines a server test runs against: SQLite always; PostgreSQL
/// when `PETSPOT_TEST_POSTGRES_URL` names a cluster (Tests/postgres/with-test-postgres.sh
/// starts one). On CI a missing cluster is a failure of every such test,
/// never a silent skip. `PETSPOT_TEST_ENGINES` (`sqlite` or `postgresql`)
/// picks one: `make test` runs the whole suite on SQLite, then the server
/// tests on PostgreSQL in a run of their own, so the timing tests of the
/// first never share the two cores with a database server.
enum StorageEngineUnderTest: Sendable, CustomTestStringConvertible {
    case sqlite
    /// The URL of the cluster's template database: each test gets a fresh
    /// database of its own made from it, dropped afterwards.
    case postgreSQL(templateURL: String)
    /// `CI` is set and `PETSPOT_TEST_POSTGRES_URL` is not.
    case postgreSQLMissing

    static let environmentVariable = "PETSPOT_TEST_POSTGRES_URL"
    static let enginesVariable = "PETSPOT_TEST_ENGINES"

    /// What `@Test(arguments:)` takes to run a test on every engine.
    static let all: [StorageEngineUnderTest] = engines(environment: ProcessInfo.processInfo.environment)

    static func engines(environment: [String: String]) -> [StorageEngineUnderTest] {
        let postgreSQL: StorageEngineUnderTest? =
            if let url = environment[environmentVariable], !url.isEmpty {
                .postgreSQL(templateURL: url)
            } else if let ci = environment["CI"], !ci.isEmpty {
                .postgreSQLMissing
            } else {
                nil
            }
        switch environment[enginesVariable] {
        case "sqlite": return [.sqlite]
        case "postgresql": return [postgreSQL ?? .postgreSQLMissing]
        default: return [.sqlite] + (postgreSQL.map { [$0] } ?? [])
        }
    }

    var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgreSQL: "PostgreSQL"
        case .postgreSQLMissing: "PostgreSQL (missing)"
        }
    }

    /// A new, empty database for one test, and how to remove it afterwards.
    /// - Parameter directory: the test's own folder (the SQLite file goes there).
    func makeDatabase(in directory: URL) async throws -> TestDatabase {
        switch self {
        case .sqlite:
            let images = directory.appendingPathComponent("images", isDirectory: true)
            return TestDatabase(
                location: .sqlite(path: directory.appendingPathComponent("petspot.sqlite").path),
                photoNames: { try FileManager.default.contentsOfDirectory(atPath: images.path) })
        case .postgreSQL(let templateURL):
            let database = try await TestPostgres.makeDatabase(templateURL: templateURL)
            return TestDatabase(
                location: .postgreSQL(url: database.url), photoNames: { try await database.photoNames() },
                drop: { await database.drop() })
        case .postgreSQLMissing:
            throw EngineUnavailable(
                message: "CI is set but \(Self.environmentVariable) is not: run the tests through "
                    + "Tests/postgres/with-test-postgres.sh (make test) so they run on PostgreSQL too")
        }
    }

    struct EngineUnavailable: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

/// A database made for one test.
struct TestDatabase: Sendable {
    let location: DatabaseLocation
    /// The name of every photo stored, and of anything half-stored (a
    /// temporary file), which no failed upload may leave behind.
    let photoNames: @Sendable () async throws -> [String]
    /// Removes the database; the SQLite file goes with the test's folder.
    var drop: @Sendable () async -> Void = {}
}
