// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotLocking
import Testing

@testable import PetSpotServer

/// The tables behind the per-client and per-report limits are pruned only
/// when they have doubled (a prune looks at every entry), and the clients'
/// table has a hard cap.
@Suite("Limit tables stay bounded and prune rarely")
struct LimitTablePruningTests {
    private static let limit = ReportCreationLimit(burst: 2, interval: .seconds(60))

    @Test("a client table full of live allowances refuses newcomers, serves known clients, and does not grow")
    func clientTableCap() {
        let allowance = ReportCreationAllowance(Self.limit, maximumClients: 8, firstPruneAt: 4)
        let start = ContinuousClock.now
        for client in 1...8 {
            #expect(allowance.take(for: "203.0.113.\(client)", now: start) == nil)
        }
        let prunesWhenFull = allowance.counts.prunes
        let refused = (9...200).filter { allowance.take(for: "203.0.113.\($0)", now: start) != nil }
        #expect(refused.count == 192)
        #expect(allowance.counts.clients == 8)
        #expect(allowance.counts.prunes <= prunesWhenFull + 1, "a full table is not pruned on every request")
        #expect(allowance.take(for: "203.0.113.1", now: start) == nil, "a known client keeps its allowance")
        #expect(allowance.take(for: "203.0.113.1", now: start) != nil)

        // Once every allowance has refilled, the table empties and takes newcomers again.
        let later = start + .seconds(120)
        #expect(allowance.take(for: "198.51.100.1", now: later) == nil)
        #expect(allowance.counts.clients == 1)
    }

    @Test("a growing client table is pruned only each time it has doubled")
    func clientTablePrunesRarely() {
        let allowance = ReportCreationAllowance(Self.limit, firstPruneAt: 4)
        let now = ContinuousClock.now
        let allowed = (0..<1_000).filter { allowance.take(for: "10.0.\($0 / 256).\($0 % 256)", now: now) == nil }
        #expect(allowed.count == 1_000)
        #expect(allowance.counts.clients == 1_000)
        #expect(allowance.counts.prunes <= 8, "4, 8, 16 … 512: \(allowance.counts.prunes)")
    }

    @Test("the password guess table is pruned only each time it has doubled, and still forgets windows over")
    func guessTablePrunesRarely() {
        let clock = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        let attempts = PasswordAttempts(now: { clock.withLock { $0 } }, firstPruneAt: 4)
        #expect((0..<1_000).allSatisfy { attempts.reserveAttempt(forReport: "report-\($0)") })
        #expect(attempts.counts.reports == 1_000)
        #expect(attempts.counts.prunes <= 8, "4, 8, 16 … 512: \(attempts.counts.prunes)")
        for _ in 1..<PasswordAttempts.limit {
            #expect(attempts.reserveAttempt(forReport: "report-0"))
        }
        #expect(!attempts.reserveAttempt(forReport: "report-0"), "the limit still holds")

        clock.withLock { $0 += PasswordAttempts.window + 1 }
        #expect((1_000..<1_100).allSatisfy { attempts.reserveAttempt(forReport: "report-\($0)") })
        #expect(attempts.counts.reports == 100, "windows over are forgotten once the table has doubled")
    }
}
