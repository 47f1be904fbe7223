// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PostgresNIO

/// Wrong management passwords per report, kept in the database so the
/// guess limit holds across every server process: the rules of
/// `PasswordAttempts` (`limit` wrong guesses within `window`, each counted
/// before it is checked), in one statement that PostgreSQL runs atomically.
extension PostgreSQLReportDatabase {
    /// Takes one of the report's guesses at its password before it is
    /// checked, or answers false when it has none
    /// left. A first guess, or one after the window has passed, starts a new
    /// window; within it, the count grows up to the limit and then stays.
    func reservePasswordGuess(forReport id: String) async throws -> Bool {
        try await reservePasswordGuess(forReport: id, now: now())
    }

    func reservePasswordGuess(
        forReport id: String, now: Date, limit: Int = PasswordAttempts.limit,
        window: TimeInterval = PasswordAttempts.window
    ) async throws -> Bool {
        let windowOver = now.addingTimeInterval(-window)
        do {
            let rows = try await client.query(
                """
                INSERT INTO password_failures AS failure (announcement_id, failures, window_start)
                VALUES (\(id), 1, \(now))
                ON CONFLICT (announcement_id) DO UPDATE SET
                    failures = CASE WHEN failure.window_start <= \(windowOver) THEN 1
                        ELSE failure.failures + 1 END,
                    window_start = CASE WHEN failure.window_start <= \(windowOver) THEN \(now)
                        ELSE failure.window_start END
                WHERE failure.window_start <= \(windowOver) OR failure.failures < \(limit)
                RETURNING failures
                """, logger: queryLogger
            ).collect()
            return !rows.isEmpty
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.foreignKeyViolation {
            // The report was deleted meanwhile: its password check then fails on its own.
            return true
        }
    }

    /// The right password forgives the report's wrong ones.
    func forgetPasswordGuesses(forReport id: String) async throws {
        try await client.query("DELETE FROM password_failures WHERE announcement_id = \(id)", logger: queryLogger)
    }

    /// Wrong guesses counted for the report now (tests read it).
    func passwordFailures(forReport id: String) async throws -> Int {
        let rows = try await client.query(
            "SELECT failures FROM password_failures WHERE announcement_id = \(id)", logger: queryLogger
        ).collect()
        return try rows.first?.decode(Int.self) ?? 0
    }

    static let foreignKeyViolation = "23503"
}
