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

    private let failures = Locked([String: Failures]())
    private let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    /// Takes one of the report's guesses for the password about to be
    /// checked, or answers false when it has none left. The guess counts as
    /// wrong from now on, before any hashing, so guesses sent at once cannot
    /// all pass the check while earlier ones are still being hashed; the right
    /// password then forgives them (`recordSuccess`).
    func reserveAttempt(forReport id: String) -> Bool {
        let now = now()
        return failures.withLock { table in
            // Forget windows long over, so guessing at many reports cannot grow this without end.
            if table.count > 10_000 { table = table.filter { now.timeIntervalSince($0.value.since) < Self.window } }
            guard let entry = table[id], now.timeIntervalSince(entry.since) < Self.window else {
                table[id] = Failures(count: 1, since: now)
                return true
            }
            guard entry.count < Self.limit else { return false }
            table[id]?.count = entry.count + 1
            return true
        }
    }

    func recordSuccess(forReport id: String) {
        failures.withLock { $0[id] = nil }
    }
}
