// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain
import PetSpotLocking

/// Hands the bound port from Hummingbird's `onServerRunning` callback (or the error
/// that stopped the server before it listened) to the caller of `start`, whichever
/// happens first and in whatever order the two sides arrive.
final class StartupSignal: Sendable {
    private enum State {
        case pending
        case waiting(CheckedContinuation<Int, any Error>)
        case finished(Result<Int, any Error>)
    }

    private let state = Locked<State>(.pending)

    func listening(on port: Int) { finish(.success(port)) }

    func failed(_ error: any Error) { finish(.failure(error)) }

    func waitForPort() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Int, any Error>? = state.withLock { state in
                switch state {
                case .pending:
                    state = .waiting(continuation)
                    return nil
                case .finished(let result):
                    return result
                case .waiting:
                    return .failure(ServerStartError.alreadyWaiting)
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// Only the first outcome counts; a later one (the server stopping) is ignored.
    private func finish(_ result: Result<Int, any Error>) {
        let waiter: CheckedContinuation<Int, any Error>? = state.withLock { state in
            switch state {
            case .pending:
                state = .finished(result)
                return nil
            case .waiting(let continuation):
                state = .finished(result)
                return continuation
            case .finished:
                return nil
            }
        }
        waiter?.resume(with: result)
    }
}
