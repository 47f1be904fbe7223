// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain
import PetSpotLocking
import ServiceLifecycle

/// A server that is bound and answering. It runs until `stop()` (dropping the
/// reference does not stop it), which closes the listener, lets requests in flight
/// finish (at most 5 s) and releases the database.
public final class RunningServer: Sendable {
    /// The port actually bound (the kernel's choice when configured with 0).
    public let port: Int
    /// `http://host:port`, without a trailing slash.
    public let baseURL: URL

    private let serviceGroup: ServiceGroup
    private let runTask: Task<Void, Never>
    private let database: any ReportDatabase
    private let hasher: PasswordHasher
    private let logger: Logger
    private let databaseClosed = Locked(false)

    init(
        port: Int, baseURL: URL, serviceGroup: ServiceGroup,
        runTask: Task<Void, Never>, database: any ReportDatabase, hasher: PasswordHasher, logger: Logger
    ) {
        self.port = port
        self.baseURL = baseURL
        self.serviceGroup = serviceGroup
        self.runTask = runTask
        self.database = database
        self.hasher = hasher
        self.logger = logger
    }

    /// Management passwords checked so far (each one hashed).
    var passwordVerifications: Int { hasher.verificationsStarted }

    /// Graceful shutdown; safe to call more than once and from several tasks.
    public func stop() async {
        await serviceGroup.triggerGracefulShutdown()
        await runTask.value
        await hasher.shutdown()
        await closeDatabase()
    }

    /// Returns when the server has stopped, whether through `stop()` or a failure.
    public func waitUntilStopped() async {
        await runTask.value
    }

    private func closeDatabase() async {
        let alreadyClosed = databaseClosed.withLock { closed in
            defer { closed = true }
            return closed
        }
        guard !alreadyClosed else { return }
        do {
            try await database.close()
        } catch {
            logger.warning("Could not close the database cleanly: \(error)")
        }
    }
}
