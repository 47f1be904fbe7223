// SPDX-License-Identifier: GPL-3.0-or-later

import NIOCore
import PetSpotDomain
import PetSpotLocking

/// Every open connection of one server, across its event loops, and whether it
/// is waiting for a request. Over a cap (all connections, or one client's:
/// `ClientKey`), the connection that has waited longest among those the cap
/// counts is closed: a flood of idle or half-sent connections then pushes out
/// its own oldest members instead of locking everyone else out. When all of
/// them are busy, that is the newcomer: the cap holds. A trusted proxy's
/// connections carry many clients, so only the total cap counts them.
final class ConnectionRegistry: Sendable {
    private struct Entry {
        let channel: any Channel
        /// Nil for a trusted proxy's connection: no per-client cap.
        let client: ClientKey?
        /// When the connection started waiting for a request; nil while one is
        /// being read or answered (never closed for the cap then).
        var waitingSince: ContinuousClock.Instant?
    }

    private let maximum: Int
    private let maximumPerAddress: Int
    private let trustedProxies: TrustedProxies
    private let entries = Locked<[ObjectIdentifier: Entry]>([:])

    init(maximumConnections: Int, maximumConnectionsPerAddress: Int, trustedProxies: TrustedProxies = .none) {
        maximum = max(1, maximumConnections)
        maximumPerAddress = max(1, maximumConnectionsPerAddress)
        self.trustedProxies = trustedProxies
    }

    /// A new connection, waiting for its first request.
    func opened(_ channel: any Channel) {
        let peer = channel.remoteAddress
        let client = trustedProxies.trusts(peer) ? nil : ClientKey(address: peer)
        let evicted: [any Channel] = entries.withLock { entries in
            entries[ObjectIdentifier(channel)] = Entry(channel: channel, client: client, waitingSince: .now)
            var evicted: [any Channel] = []
            if let client,
                let oldest = Self.longestWaiting(
                    in: entries.filter { $0.value.client == client }, over: maximumPerAddress)
            {
                evicted.append(entries.removeValue(forKey: oldest)!.channel)
            }
            if let oldest = Self.longestWaiting(in: entries, over: maximum) {
                evicted.append(entries.removeValue(forKey: oldest)!.channel)
            }
            return evicted
        }
        for channel in evicted { channel.close(promise: nil) }
    }

    /// The connection to close when `entries` are more than `cap`; the newcomer
    /// waited least, so it goes only if all the others are busy.
    private static func longestWaiting(
        in entries: [ObjectIdentifier: Entry], over cap: Int
    ) -> ObjectIdentifier? {
        guard entries.count > cap else { return nil }
        return entries.compactMap { key, entry in entry.waitingSince.map { (key, $0) } }
            .min { $0.1 < $1.1 }?.0
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
