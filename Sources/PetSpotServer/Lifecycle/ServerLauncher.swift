// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain
import PetSpotLocking

/// Starts a server on demand, in a task it owns, so that quitting can stop a
/// start that is still seeding: `shutdown()` cancels it (seeding stops between
/// transactions, see `Seeder`), waits for it, and stops a server that did start.
/// The embedded demo backend of the app.
public final class ServerLauncher: Sendable {
    private enum State {
        case idle
        case starting(Task<RunningServer, any Error>)
        case running(RunningServer)
        case shutDown
    }

    private enum Step {
        case ready(RunningServer)
        case wait(Task<RunningServer, any Error>)
    }

    private let configuration: ServerConfiguration
    private let logger: Logger
    private let state = Locked<State>(.idle)

    public init(configuration: ServerConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// The running server, started first if needed; concurrent callers share one
    /// start, and a failed start is tried again by the next call. After
    /// `shutdown()` it throws `CancellationError`.
    public func server() async throws -> RunningServer {
        let step: Step = try state.withLock { state in
            switch state {
            case .running(let server):
                return .ready(server)
            case .starting(let task):
                return .wait(task)
            case .idle:
                let task = Task { [configuration, logger] in
                    try await PetSpotHTTPServer.start(configuration, logger: logger)
                }
                state = .starting(task)
                return .wait(task)
            case .shutDown:
                throw CancellationError()
            }
        }
        let starting: Task<RunningServer, any Error>
        switch step {
        case .ready(let server): return server
        case .wait(let task): starting = task
        }
        do {
            let server = try await starting.value
            try state.withLock { state in
                switch state {
                case .starting(let task) where task == starting:
                    state = .running(server)
                case .running:
                    break
                case .idle, .starting, .shutDown:
                    // `shutdown()` took over this start and stops what it produced.
                    throw CancellationError()
                }
            }
            return server
        } catch {
            state.withLock { state in
                if case .starting(let task) = state, task == starting { state = .idle }
            }
            throw error
        }
    }

    /// Cancels a start in progress and waits for it, then stops the server if
    /// one runs. Later calls to `server()` throw; calling this again does nothing.
    public func shutdown() async {
        let previous = state.withLock { state in
            defer { state = .shutDown }
            return state
        }
        switch previous {
        case .starting(let task):
            task.cancel()
            switch await task.result {
            case .success(let server):
                await server.stop()
            case .failure(let error) where error is CancellationError:
                logger.info("Stopped the server's start (seeding) on shutdown")
            case .failure(let error):
                logger.debug("The server's start failed while shutting down: \(error)")
            }
        case .running(let server):
            await server.stop()
        case .idle, .shutDown:
            break
        }
    }
}
