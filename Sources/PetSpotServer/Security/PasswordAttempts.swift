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

    /// Whether the report takes a password now.
    func allowsAttempt(forReport id: String) -> Bool {
        let now = now()
        return failures.withLock { table in
            guard let entry = table[id] else { return true }
            if now.timeIntervalSince(entry.since) >= Self.window {
                table[id] = nil
                return true
            }
            return entry.count < Self.limit
        }
    }

    func recordFailure(forReport id: String) {
        let now = now()
        failures.withLock { table in
            // Forget windows long over, so guessing at many reports cannot grow this without end.
            if table.count > 10_000 { table = table.filter { now.timeIntervalSince($0.value.since) < Self.window } }
            if let entry = table[id], now.timeIntervalSince(entry.since) < Self.window {
                table[id]?.count = entry.count + 1
            } else {
                table[id] = Failures(count: 1, since: now)
            }
        }
    }

    func recordSuccess(forReport id: String) {
        failures.withLock { $0[id] = nil }
    }
}
