// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import NIOCore
import NIOPosix
import PetSpotDomain
import PetSpotLocking

/// Runs the deliberately slow hashing on threads of its own: on Swift's
/// cooperative pool (two threads on two cores) or an event loop, a burst of
/// reports would hold up every other request for the length of their hashes.
/// One per server; `shutdown()` when the server stops.
final class PasswordHasher: Sendable {
    let hashing: PasswordHashing
    private let pool: NIOThreadPool
    private let verifications = Locked(0)

    /// Password checks started since the server started: what a guesser has
    /// made the server hash (the tests read it; nothing depends on it).
    var verificationsStarted: Int { verifications.withLock { $0 } }

    init(hashing: PasswordHashing, threads: Int = System.coreCount) {
        self.hashing = hashing
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        pool.start()
    }

    /// A new hash of `password`, with the configured parameters.
    func hash(_ password: String) async throws -> PasswordHash {
        try await pool.runIfActive { [hashing] in try PasswordHash.make(password: password, using: hashing) }
    }

    /// Whether `password` matches `stored`; false once the hasher is shut down.
    func verify(_ password: String, against stored: PasswordHash) async -> Bool {
        verifications.withLock { $0 += 1 }
        return (try? await pool.runIfActive { stored.matches(password) }) ?? false
    }

    func shutdown() async {
        try? await pool.shutdownGracefully()
    }
}
