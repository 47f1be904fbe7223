// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain
import PetSpotLocking

/// How many reports one client (`ClientKey`) may create: `burst` at once, then one
/// more every `interval`. Each report costs a slow password hash (about 70 ms
/// of a core), and creating needs no credentials, so without a limit one
/// client could keep the hasher busy for everybody. Behind a reverse proxy
/// every client has the proxy's address: raise it there.
public struct ReportCreationLimit: Sendable {
    public var burst: Int
    public var interval: Duration

    public init(burst: Int = 5, interval: Duration = .seconds(20)) {
        self.burst = max(1, burst)
        self.interval = max(.milliseconds(1), interval)
    }
}

/// The reports each client may still create now: a token bucket per
/// `ClientKey`, shared by every connection of one server.
final class ReportCreationAllowance: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private struct Table {
        var buckets: [ClientKey: Bucket] = [:]
        /// Pruning looks at every bucket, so it waits until the table has
        /// doubled since the last prune: on average O(1) a request.
        var pruneAt: Int
        var lastPruned: ContinuousClock.Instant?
        /// How many prunes ran: what tests check the amortisation by.
        var prunes = 0
    }

    /// The most clients remembered at once, unless told otherwise.
    static let defaultMaximumClients = 100_000

    private let limit: ReportCreationLimit
    private let maximumClients: Int
    private let firstPruneAt: Int
    private let table: Locked<Table>

    /// - Parameters:
    ///   - maximumClients: the most clients remembered at once; while that
    ///     many are all still using their allowance, new clients are refused.
    ///   - firstPruneAt: how many clients the table holds before its first prune.
    init(_ limit: ReportCreationLimit, maximumClients: Int = defaultMaximumClients, firstPruneAt: Int = 1_024) {
        self.limit = limit
        self.maximumClients = max(1, maximumClients)
        self.firstPruneAt = max(1, firstPruneAt)
        table = Locked(Table(pruneAt: self.firstPruneAt))
    }

    /// Takes one report for the client at `address` (an IP address in text).
    func take(for address: String, now: ContinuousClock.Instant = .now) -> Duration? {
        take(for: ClientKey(ipAddress: address), now: now)
    }

    /// Takes one report for `client`; nil when it may go ahead, else how long
    /// until it may.
    func take(for client: ClientKey, now: ContinuousClock.Instant = .now) -> Duration? {
        table.withLock { table in
            let isFull = table.buckets.count >= maximumClients
            if table.buckets.count >= table.pruneAt || (isFull && mayPruneAgain(table, at: now)) {
                prune(&table, at: now)
            }
            guard let bucket = table.buckets[client] else {
                // Forgetting a client still using its allowance would give it a
                // fresh one: newcomers wait instead, until buckets have refilled.
                guard table.buckets.count < maximumClients else {
                    let nextPrune = table.lastPruned.map { $0 + refillTime } ?? now
                    return max(limit.interval, nextPrune - now)
                }
                table.buckets[client] = Bucket(tokens: Double(limit.burst) - 1, updated: now)
                return nil
            }
            var tokens = refilled(bucket, at: now)
            guard tokens >= 1 else {
                table.buckets[client] = Bucket(tokens: tokens, updated: now)
                return limit.interval * (1 - tokens)
            }
            tokens -= 1
            table.buckets[client] = Bucket(tokens: tokens, updated: now)
            return nil
        }
    }

    /// Clients remembered now, and prunes run so far (for tests).
    var counts: (clients: Int, prunes: Int) {
        table.withLock { ($0.buckets.count, $0.prunes) }
    }

    /// Buckets full again are the same as none: dropped, so many clients
    /// cannot grow the table without end.
    private func prune(_ table: inout Table, at now: ContinuousClock.Instant) {
        table.buckets = table.buckets.filter { refilled($0.value, at: now) < Double(limit.burst) }
        table.pruneAt = max(firstPruneAt, 2 * table.buckets.count)
        table.lastPruned = now
        table.prunes += 1
    }

    /// A full table is pruned again only once every bucket untouched since
    /// the last prune has refilled, so each prune is worth its cost.
    private func mayPruneAgain(_ table: Table, at now: ContinuousClock.Instant) -> Bool {
        guard let lastPruned = table.lastPruned else { return true }
        return now - lastPruned >= refillTime
    }

    /// How long an empty bucket takes to fill.
    private var refillTime: Duration { limit.interval * limit.burst }

    private func refilled(_ bucket: Bucket, at now: ContinuousClock.Instant) -> Double {
        let earned = (now - bucket.updated) / limit.interval
        return min(Double(limit.burst), bucket.tokens + earned)
    }
}
