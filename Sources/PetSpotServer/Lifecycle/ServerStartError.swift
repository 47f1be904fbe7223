// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// Why `PetSpotHTTPServer.start` could not bring the server up.
public enum ServerStartError: Error, Sendable, CustomStringConvertible {
    case invalidPort(Int)
    case invalidHost(String)
    case stoppedBeforeListening
    case noLocalAddress
    case alreadyWaiting

    public var description: String {
        switch self {
        case .invalidPort(let port):
            return "port \(port) is not between 0 and 65535"
        case .invalidHost(let host):
            return "\"\(host)\" is not a valid host name or address"
        case .stoppedBeforeListening:
            return "the server stopped before it started listening"
        case .noLocalAddress:
            return "the listening socket reported no local port"
        case .alreadyWaiting:
            return "startup was awaited twice"
        }
    }
}
