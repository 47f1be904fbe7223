// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PostgresNIO

@testable import PetSpotServer

/// Fresh, empty PostgreSQL databases for tests, each made from the template
/// database that Tests/postgres/with-test-postgres.sh provides (its URL in
/// `PETSPOT_TEST_POSTGRES_URL`): `CREATE DATABASE test_<uuid> TEMPLATE …`
/// through the cluster's `postgres` database, dropped afterwards. Tests
/// running at once never share rows, and none connects to the template
/// (PostgreSQL copies only a template nobody is connected to).
enum TestPostgres {
    static let environmentVariable = "PETSPOT_TEST_POSTGRES_URL"

    /// The template database's URL; nil when the tests run without a cluster.
    static var templateURL: String? {
        guard let url = ProcessInfo.processInfo.environment[environmentVariable], !url.isEmpty else { return nil }
        return url
    }

    static var isAvailable: Bool { templateURL != nil }

    struct Unavailable: Error, CustomStringConvertible {
        var description: String {
            "\(TestPostgres.environmentVariable) is not set: run the tests through Tests/postgres/with-test-postgres.sh"
        }
    }

    struct BadTemplateName: Error, CustomStringConvertible {
        let name: String
        var description: String { "The template database's name \"\(name)\" is not letters, digits and _." }
    }

    static let logger = Logger(label: "petspot-test-postgres") { _ in SwiftLogNoOpLogHandler() }

    /// A new empty database (PostGIS in it, no tables yet) made from the template.
    static func makeDatabase(templateURL: String? = TestPostgres.templateURL) async throws -> TestPostgresDatabase {
        guard let templateURL else { throw Unavailable() }
        let template = try PostgreSQLLocation(url: templateURL)
        // Names cannot be bound as parameters: both are checked to be plain identifiers.
        guard isPlainIdentifier(template.database) else { throw BadTemplateName(name: template.database) }
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await administer(template) { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "CREATE DATABASE \(name) TEMPLATE \(template.database)"), logger: logger)
        }
        let location = template.with(database: name)
        return TestPostgresDatabase(location: location, url: url(of: location))
    }

    /// Runs `body` with the URL of a fresh database, which is dropped afterwards, also when `body` throws.
    static func withFreshDatabase<T>(_ body: (String) async throws -> T) async throws -> T {
        let database = try await makeDatabase()
        do {
            let result = try await body(database.url)
            await database.drop()
            return result
        } catch {
            await database.drop()
            throw error
        }
    }

    /// Runs `body` on a connection to the cluster's `postgres` database.
    static func administer(
        _ location: PostgreSQLLocation, _ body: (PostgresConnection) async throws -> Void
    ) async throws {
        let connection = try await PostgresConnection.connect(
            configuration: location.with(database: "postgres").connectionConfiguration(), id: 1, logger: logger)
        do {
            try await body(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    static func url(of location: PostgreSQLLocation) -> String {
        let password = location.password.map {
            ":" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }
        let user = location.username.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? location.username
        switch location.endpoint {
        case .tcp(let host, let port):
            return "postgres://\(user)\(password ?? "")@\(host):\(port)/\(location.database)"
        case .unixSocket(let path):
            let socket = URL(fileURLWithPath: path)
            let directory = socket.deletingLastPathComponent().path
            let port = socket.pathExtension
            return "postgres://\(user)\(password ?? "")@/\(location.database)?host=\(directory)&port=\(port)"
        }
    }

    static func isPlainIdentifier(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "_")
            }
    }
}

/// One test's database.
struct TestPostgresDatabase: Sendable {
    let location: PostgreSQLLocation
    /// What `--database` takes: `postgres://postgres@127.0.0.1:PORT/test_…`.
    let url: String

    /// The names of the photos stored in it.
    func photoNames() async throws -> [String] {
        let connection = try await PostgresConnection.connect(
            configuration: location.connectionConfiguration(), id: 2, logger: TestPostgres.logger)
        do {
            let rows = try await connection.query("SELECT name FROM photos ORDER BY name", logger: TestPostgres.logger)
            var names: [String] = []
            for try await name in rows.decode(String.self) { names.append(name) }
            try await connection.close()
            return names
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Drops it, closing whatever connections are still open to it.
    func drop() async {
        let name = location.database
        guard TestPostgres.isPlainIdentifier(name) else { return }
        try? await TestPostgres.administer(location) { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: TestPostgres.logger)
        }
    }
}
