// SPDX-License-Identifier: GPL-3.0-or-later

/// A bare TCP connect to 127.0.0.1: answers at once, where an HTTP client would
/// keep retrying a refused connection until its deadline.
enum TCPProbe {
    static func acceptsConnections(port: Int) -> Bool {
        (try? RawConnection(port: port)) != nil
    }
}
