// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotLocking

/// A repository whose answers the test scripts, and whose calls can be held
/// open until the test releases them (to make loads overlap deliberately).
/// Region requests (the map's) are list calls too: `answerLists` answers them
/// in the same sequence, and `requestedRegions` records what each call asked for.
public final class FakeAnnouncementRepository: AnnouncementRepository {
    public typealias ListAnswer = Result<[Announcement], RepositoryError>
    public typealias DetailAnswer = Result<Announcement, RepositoryError>

    private struct State {
        var listAnswers: [ListAnswer] = []
        var detailAnswers: [String: DetailAnswer] = [:]
        var listCalls = 0
        var requestedRegions: [SearchRegion?] = []
        public var detailCalls: [String] = []
        var heldLists: [CheckedContinuation<Void, Never>] = []
        var holdLists = false
        var cancelledLists = 0
    }

    private let state = Locked(State())

    /// The answers of the next list calls, in order; the last one repeats.
    public init() {}

    public func answerLists(_ answers: ListAnswer...) { state.withLock { $0.listAnswers = answers } }
    public func answerDetail(_ id: String, _ answer: DetailAnswer) { state.withLock { $0.detailAnswers[id] = answer } }

    /// While holding, list calls wait until `releaseHeldLists()`.
    public func holdLists(_ hold: Bool) { state.withLock { $0.holdLists = hold } }

    public func releaseHeldLists() {
        let held = state.withLock { state in
            defer { state.heldLists = [] }
            return state.heldLists
        }
        for continuation in held { continuation.resume() }
    }

    public var listCallCount: Int { state.withLock { $0.listCalls } }
    /// The region of every list call so far, in order; nil for the whole list.
    public var requestedRegions: [SearchRegion?] { state.withLock { $0.requestedRegions } }
    public var heldListCount: Int { state.withLock { $0.heldLists.count } }
    /// Held list calls whose caller cancelled them (a download thrown away);
    /// like a slow server, the call still waits for `releaseHeldLists()`.
    public var cancelledListCount: Int { state.withLock { $0.cancelledLists } }
    public var detailCalls: [String] { state.withLock { $0.detailCalls } }

    public func announcements(in region: SearchRegion?) async throws(RepositoryError) -> [Announcement] {
        let (answer, hold) = state.withLock { state -> (ListAnswer, Bool) in
            let index = min(state.listCalls, max(state.listAnswers.count - 1, 0))
            state.listCalls += 1
            state.requestedRegions.append(region)
            return (state.listAnswers.isEmpty ? .success([]) : state.listAnswers[index], state.holdLists)
        }
        if hold {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    state.withLock { $0.heldLists.append(continuation) }
                }
            } onCancel: {
                state.withLock { $0.cancelledLists += 1 }
            }
        }
        return try answer.get()
    }

    public func announcement(id: String) async throws(RepositoryError) -> Announcement {
        let answer = state.withLock { state -> DetailAnswer in
            state.detailCalls.append(id)
            return state.detailAnswers[id] ?? .failure(.notFound)
        }
        return try answer.get()
    }
}

/// Polls on the main actor until `condition` holds (loads finish on other
/// executors; this waits for the outcome, not for a fixed time). The ceiling
/// only matters when the test fails, so it leaves room for a slow CI machine.
@MainActor
public func eventually(timeout: Duration = .seconds(30), _ condition: @MainActor () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        if clock.now > deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}
