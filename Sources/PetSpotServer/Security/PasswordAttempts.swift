// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotLocking

/// Wrong management passwords, counted per report: a six-digit password has
/// only a million values, so after `limit` wrong ones within `window` the
/// report takes no more guesses (not even the right one) until the window
/// has passed. Kept in memory: a restart forgives, which a guesser cannot
/// cause. Also keeps the hasher from being kept busy by one report's guesses.
final class PasswordAttempts: Sendable {
    static let limit = 10
    static let window: TimeInterval = 15 * 60

    private struct Failures {
        var count: Int
        var since: Date
    }

    /// Only reports that exist get an entry, so their number bounds the table.
    private struct Table {
        var failures: [String: Failures] = [:]
        /// Pruning looks at every entry, so it waits until the table has
        /// doubled since the last prune: on average O(1) a guess.
        var pruneAt: Int
        /// How many prunes ran: what tests check the amortisation by.
        var prunes = 0
    }

    private let firstPruneAt: Int
    private let table: Locked<Table>
    private let now: @Sendable () -> Date

    /// - Parameter firstPruneAt: how many reports the table holds before its first prune.
    init(now: @escaping @Sendable () -> Date = { Date() }, firstPruneAt: Int = 10_000) {
        self.now = now
        self.firstPruneAt = max(1, firstPruneAt)
        table = Locked(Table(pruneAt: self.firstPruneAt))
    }

    /// Takes one of the report's guesses for the password about to be
    /// checked, or answers false when it has none left. The guess counts as
    /// wrong from now on, before any hashing, so guesses sent at once cannot
    /// all pass the check while earlier ones are still being hashed; the right
    /// password then forgives them (`recordSuccess`).
    func reserveAttempt(forReport id: String) -> Bool {
        let now = now()
        return table.withLock { table in
            if table.failures.count >= table.pruneAt { prune(&table, at: now) }
            guard let entry = table.failures[id], now.timeIntervalSince(entry.since) < Self.window else {
                table.failures[id] = Failures(count: 1, since: now)
                return true
            }
            guard entry.count < Self.limit else { return false }
            table.failures[id]?.count = entry.count + 1
            return true
        }
    }

    func recordSuccess(forReport id: String) {
        table.withLock { $0.failures[id] = nil }
    }

    /// Reports remembered now, and prunes run so far (for tests).
    var counts: (reports: Int, prunes: Int) {
        table.withLock { ($0.failures.count, $0.prunes) }
    }

    /// Forgets windows long over, so guessing at many reports cannot grow the
    /// table without end.
    private func prune(_ table: inout Table, at now: Date) {
        table.failures = table.failures.filter { now.timeIntervalSince($0.value.since) < Self.window }
        table.pruneAt = max(firstPruneAt, 2 * table.failures.count)
        table.prunes += 1
    }
}
