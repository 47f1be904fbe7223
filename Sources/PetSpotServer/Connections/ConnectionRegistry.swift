import NIOCore
import PetSpotLocking
import PetSpotDomain

/// Every open connection of one server, across its event loops, and whether it
/// is waiting for a request. Over the cap, the connection that has waited
/// longest is closed: a flood of idle or half-sent connections then pushes out
/// its own oldest members instead of locking everyone else out.
final class ConnectionRegistry: Sendable {
    private struct Entry {
        let channel: any Channel
        /// When the connection started waiting for a request; nil while one is
        /// being read or answered (never closed for the cap then).
        var waitingSince: ContinuousClock.Instant?
    }

    private let maximum: Int
    private let entries = Locked<[ObjectIdentifier: Entry]>([:])

    init(maximumConnections: Int) {
        maximum = max(1, maximumConnections)
    }

    /// A new connection, waiting for its first request.
    func opened(_ channel: any Channel) {
        let evicted: (any Channel)? = entries.withLock { entries in
            entries[ObjectIdentifier(channel)] = Entry(channel: channel, waitingSince: .now)
            guard entries.count > maximum else { return nil }
            // The newcomer waited least, so it goes only if all others are busy.
            guard let oldest = entries.filter({ $0.value.waitingSince != nil })
                .min(by: { $0.value.waitingSince! < $1.value.waitingSince! })
            else { return nil }
            entries[oldest.key] = nil
            return oldest.value.channel
        }
        evicted?.close(promise: nil)
    }

    func startedRequest(_ channel: any Channel) {
        entries.withLock { $0[ObjectIdentifier(channel)]?.waitingSince = nil }
    }

    func waitingForRequest(_ channel: any Channel) {
        entries.withLock { $0[ObjectIdentifier(channel)]?.waitingSince = .now }
    }

    func closed(_ channel: any Channel) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }
}
