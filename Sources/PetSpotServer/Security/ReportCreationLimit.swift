import PetSpotLocking
import PetSpotDomain

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

    private let limit: ReportCreationLimit
    private let buckets = Locked([ClientKey: Bucket]())

    init(_ limit: ReportCreationLimit) {
        self.limit = limit
    }

    /// Takes one report for the client at `address` (an IP address in text).
    func take(for address: String, now: ContinuousClock.Instant = .now) -> Duration? {
        take(for: ClientKey(ipAddress: address), now: now)
    }

    /// Takes one report for `client`; nil when it may go ahead, else how long
    /// until it may.
    func take(for client: ClientKey, now: ContinuousClock.Instant = .now) -> Duration? {
        buckets.withLock { buckets in
            // Buckets full again are the same as none: drop them so many addresses cannot grow this without end.
            if buckets.count > 10_000 { buckets = buckets.filter { refilled($0.value, at: now) < Double(limit.burst) } }
            var tokens = buckets[client].map { refilled($0, at: now) } ?? Double(limit.burst)
            guard tokens >= 1 else {
                buckets[client] = Bucket(tokens: tokens, updated: now)
                return limit.interval * (1 - tokens)
            }
            tokens -= 1
            buckets[client] = Bucket(tokens: tokens, updated: now)
            return nil
        }
    }

    private func refilled(_ bucket: Bucket, at now: ContinuousClock.Instant) -> Double {
        let earned = (now - bucket.updated) / limit.interval
        return min(Double(limit.burst), bucket.tokens + earned)
    }
}
