// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import NIOCore
import PetSpotDomain
import PetSpotLocking

/// One `HTTPClient` per connect timeout, kept for the life of the process
/// (like `HTTPClient.shared`, they are never shut down, so their connection
/// pools are reused across repositories and refreshes). All run on
/// `HTTPClient.defaultEventLoopGroup`, NIO's process-wide singleton group.
enum ProcessWideHTTPClients {
    /// Redirects followed for one request (never in a cycle).
    static let maximumRedirects = 5

    private static let clients = Locked<[Duration: HTTPClient]>([:])

    static func client(connectTimeout: Duration) -> HTTPClient {
        clients.withLock { clients in
            if let existing = clients[connectTimeout] { return existing }
            var configuration = HTTPClient.Configuration()
            // Only the connect step has its own timeout; the per-request
            // deadline bounds everything else.
            configuration.timeout = .init(connect: TimeAmount(connectTimeout), read: nil)
            // Fail a refused connection now instead of retrying until the deadline.
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.redirectConfiguration = .follow(max: maximumRedirects, allowCycles: false)
            let client = HTTPClient(
                eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            clients[connectTimeout] = client
            return client
        }
    }
}
