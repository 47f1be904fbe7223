// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// Thrown by `withDeadline` when time ran out first.
struct DeadlineExceeded: Error {}

/// Runs `operation`, cancelling it and throwing `DeadlineExceeded` if it has
/// not finished by `deadline`. AsyncHTTPClient's own deadline stops applying
/// once the response head has arrived, so the body needs this to keep a
/// stalled server from hanging a request forever.
func withDeadline<T: Sendable>(
    _ deadline: ContinuousClock.Instant,
    operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(until: deadline, clock: .continuous)
            throw DeadlineExceeded()
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw DeadlineExceeded() }
        return first
    }
}
