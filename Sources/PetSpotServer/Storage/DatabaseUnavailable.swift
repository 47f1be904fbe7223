// SPDX-License-Identifier: GPL-3.0-or-later

/// The database could not be reached in time (it is down, restarting or out
/// of connections). The request is answered with a 503 and `Retry-After`
/// rather than held: a load balancer or a client can try again, and nothing
/// was written. `reason` is for the log only.
struct DatabaseUnavailableError: Error, CustomStringConvertible {
    let reason: String

    var description: String { "the database is unavailable: \(reason)" }
}

extension DatabaseUnavailableError {
    /// What the 503's `Retry-After` says: a restarting PostgreSQL is usually
    /// back within seconds.
    static let retryAfterSeconds = 5
    /// How long a request waits for a pooled connection before that 503.
    static let connectionWait: Duration = .seconds(5)
}
