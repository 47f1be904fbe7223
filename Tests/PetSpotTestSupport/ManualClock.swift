// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotLocking

/// A clock that moves only when the test says so: `sleep` suspends until
/// `advance(by:)` carries `now` to its deadline. Debounces and timeouts become
/// steps of a test instead of waits on the wall clock.
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol, Sendable {
        /// Time since the clock was made.
        public let offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct SleeperCountWaiter {
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    /// What `sleep` found when it tried to register.
    private enum Registration {
        case cancelled
        case due
        case waiting(satisfiedWaiters: [SleeperCountWaiter])
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextSleeperID = 0
        var sleepers: [Int: Sleeper] = [:]
        var sleeperCountWaiters: [SleeperCountWaiter] = []

        /// Takes out the waiters whose count of sleepers has been reached.
        mutating func satisfiedWaiters() -> [SleeperCountWaiter] {
            let satisfied = sleeperCountWaiters.filter { $0.count <= sleepers.count }
            sleeperCountWaiters.removeAll { $0.count <= sleepers.count }
            return satisfied
        }
    }

    private let state = Locked(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// How many sleeps are waiting for the clock to move.
    public var pendingSleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextSleeperID += 1 }
            return state.nextSleeperID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Cancellation is checked under the lock: either it came first
                // and the sleep ends here, or the handler below finds the sleeper.
                let registration = state.withLock { state -> Registration in
                    if Task.isCancelled { return .cancelled }
                    if deadline <= state.now { return .due }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return .waiting(satisfiedWaiters: state.satisfiedWaiters())
                }
                switch registration {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due: continuation.resume()
                case .waiting(let satisfied):
                    for waiter in satisfied { waiter.continuation.resume() }
                }
            }
        } onCancel: {
            let removed = state.withLock { $0.sleepers.removeValue(forKey: id) }
            removed?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves `now` forward and wakes every sleep whose deadline it reached, earliest first.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let dueIDs = state.sleepers.filter { $0.value.deadline <= now }.keys
            return dueIDs.compactMap { state.sleepers.removeValue(forKey: $0) }.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` sleeps are waiting: the code under test
    /// has reached its `sleep`, so advancing the clock now will wake it.
    public func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyThere = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.sleeperCountWaiters.append(SleeperCountWaiter(count: count, continuation: continuation))
                return false
            }
            if alreadyThere { continuation.resume() }
        }
    }
}
