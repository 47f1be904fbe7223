// SPDX-License-Identifier: GPL-3.0-or-later

import Logging
import PetSpotLocking
import PostgresNIO
import _ConnectionPoolModule

/// The engine's pool of connections, as `PostgresClient` is, except that a
/// request never waits long for PostgreSQL: while the database is down the
/// client keeps trying to connect and would hold each request for a minute
/// before failing it. Here a connection not had within `leaseTimeout`, and
/// any failure to reach the database, is `DatabaseUnavailableError`, which
/// the server answers with a 503 at once. A query that has its connection
/// runs as long as it needs.
struct PostgreSQLPool: Sendable {
    let client: PostgresClient
    let leaseTimeout: Duration

    /// Until `run()` ends, which cancelling its task does.
    func run() async {
        await client.run()
    }

    /// `body` on a pooled connection, returned to the pool afterwards.
    func withConnection<T: Sendable>(
        _ body: @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        do {
            // The task group below awaits both of its tasks before it returns,
            // so `body` does not outlive this call.
            return try await withoutActuallyEscaping(body) { body in
                try await leasingWithin(leaseTimeout, body)
            }
        } catch let error where Self.meansUnreachable(error) {
            throw DatabaseUnavailableError(reason: String(reflecting: error))
        }
    }

    private func leasingWithin<T: Sendable>(
        _ wait: Duration, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let leased = Locked(false)
        return try await withThrowingTaskGroup(of: Outcome<T>.self) { group in
            group.addTask {
                .finished(
                    try await client.withConnection { connection in
                        leased.withLock { $0 = true }
                        return try await body(connection)
                    })
            }
            group.addTask {
                try await Task.sleep(for: wait)
                return leased.withLock { $0 } ? .leasedInTime : .leaseTimedOut
            }
            while let outcome = try await group.next() {
                switch outcome {
                case .finished(let value):
                    group.cancelAll()
                    return value
                case .leasedInTime:
                    continue
                case .leaseTimedOut:
                    group.cancelAll()
                    throw DatabaseUnavailableError(reason: "no connection within \(wait)")
                }
            }
            throw CancellationError()
        }
    }

    /// Every row of one statement's answer, read whole on a pooled
    /// connection (`.collect()` is there for callers written for the client's
    /// streamed rows).
    @discardableResult
    func query(_ query: PostgresQuery, logger: Logger) async throws -> CollectedRows {
        CollectedRows(rows: try await withConnection { try await $0.query(query, logger: logger).collect() })
    }

    /// Errors that say the database could not be reached or went away, as
    /// opposed to ones about the statement.
    private static func meansUnreachable(_ error: any Error) -> Bool {
        if error is ConnectionPoolError { return true }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .poolClosed, .failedToAddSSLHandler:
            return true
        case .server:
            // SQLSTATE classes 08 (connection exception) and 57 (operator
            // intervention: the server shutting down or restarting, a backend
            // terminated), and 53300 (too many connections).
            guard let state = error.serverInfo?[.sqlState] else { return false }
            return state.hasPrefix("08") || state.hasPrefix("57") || state == "53300"
        default:
            return false
        }
    }

    private enum Outcome<T: Sendable>: Sendable {
        case finished(T)
        case leasedInTime
        case leaseTimedOut
    }
}

/// A statement's rows, read whole; iterated as the client's streamed rows are.
struct CollectedRows: AsyncSequence, Sendable {
    let rows: [PostgresRow]

    func collect() -> [PostgresRow] { rows }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: rows.makeIterator()) }

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: IndexingIterator<[PostgresRow]>

        mutating func next() async throws -> PostgresRow? { remaining.next() }
    }
}
