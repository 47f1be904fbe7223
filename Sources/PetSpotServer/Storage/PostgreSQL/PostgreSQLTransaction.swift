// SPDX-License-Identifier: GPL-3.0-or-later

import Logging
import PostgresNIO

/// A transaction on one pooled connection. Unlike `PostgresClient.withTransaction`,
/// what the body throws comes out as it was thrown (`ReportWriteError`, a
/// constraint's `PSQLError`), not wrapped, after the rollback.
enum PostgreSQLTransaction {
    static func run<T: Sendable>(
        _ client: PostgreSQLPool, logger: Logger, _ body: @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await client.withConnection { connection in
            try await run(on: connection, logger: logger, body)
        }
    }

    static func run<T: Sendable>(
        on connection: PostgresConnection, logger: Logger, _ body: @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await connection.query("BEGIN", logger: logger)
        do {
            let result = try await body(connection)
            try await connection.query("COMMIT", logger: logger)
            return result
        } catch {
            // A failed rollback leaves a broken connection, which the pool then drops.
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }
}
