// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// What one client may hold of the server. The defaults are far beyond what a
/// real client needs and short enough that clients which stall cannot pile up;
/// tests shorten them.
public struct ConnectionLimits: Sendable {
    /// From connecting (or from a request's head) until the request has been
    /// read whole. Stops clients that send half a request and go quiet.
    public var requestTimeout: Duration
    /// How long a keep-alive connection may wait for its next request.
    public var idleTimeout: Duration
    /// Open connections at most. One more closes the connection that has waited
    /// longest for a request, so a burst of idle clients never locks others out;
    /// when every connection is busy the new one is closed instead. Kept well
    /// under the usual open-file limit of 1 024.
    public var maximumConnections: Int
    /// Open connections from one client address at most, enforced the same way
    /// among that address's connections, so one client cannot take every slot.
    /// Connections from a trusted proxy are not held to it.
    public var maximumConnectionsPerAddress: Int
    /// Reverse proxies in front of the server: see `TrustedProxies`.
    public var trustedProxies: TrustedProxies
    /// `requestTimeout` for a photo upload (`POST /api/v1/announcements/{id}/photos`),
    /// whose body may be 20 MiB: from its head until the request has been read whole.
    public var uploadTimeout: Duration
    /// A body must arrive at `minimumBodyBytes` per `bodyRateWindow` of the
    /// server waiting for it, or the connection is closed: a deadline alone lets
    /// a trickle hold a connection for the whole `uploadTimeout`. Time the
    /// server spends not reading (hashing a password first) does not count.
    public var minimumBodyBytes: Int
    public var bodyRateWindow: Duration

    public init(
        requestTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(30), maximumConnections: Int = 512,
        maximumConnectionsPerAddress: Int = 64, uploadTimeout: Duration = .seconds(120),
        minimumBodyBytes: Int = 8 * 1024, bodyRateWindow: Duration = .seconds(5),
        trustedProxies: TrustedProxies = .none
    ) {
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
        self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
        self.uploadTimeout = uploadTimeout
        self.minimumBodyBytes = minimumBodyBytes
        self.bodyRateWindow = bodyRateWindow
        self.trustedProxies = trustedProxies
    }
}
