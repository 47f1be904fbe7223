import Foundation
import Synchronization
@testable import PetSpotCore

/// A repository whose answers the test scripts, and whose calls can be held
/// open until the test releases them (to make loads overlap deliberately).
final class FakeAnnouncementRepository: AnnouncementRepository {
    typealias ListAnswer = Result<[Announcement], RepositoryError>
    typealias DetailAnswer = Result<Announcement, RepositoryError>

    private struct State {
        var listAnswers: [ListAnswer] = []
        var detailAnswers: [String: DetailAnswer] = [:]
        var listCalls = 0
        var detailCalls: [String] = []
        var heldLists: [CheckedContinuation<Void, Never>] = []
        var holdLists = false
    }

    private let state = Mutex(State())

    /// The answers of the next list calls, in order; the last one repeats.
    func answerLists(_ answers: ListAnswer...) { state.withLock { $0.listAnswers = answers } }
    func answerDetail(_ id: String, _ answer: DetailAnswer) { state.withLock { $0.detailAnswers[id] = answer } }

    /// While holding, list calls wait until `releaseHeldLists()`.
    func holdLists(_ hold: Bool) { state.withLock { $0.holdLists = hold } }

    func releaseHeldLists() {
        let held = state.withLock { state in
            defer { state.heldLists = [] }
            return state.heldLists
        }
        held.forEach { $0.resume() }
    }

    var listCallCount: Int { state.withLock { $0.listCalls } }
    var heldListCount: Int { state.withLock { $0.heldLists.count } }
    var detailCalls: [String] { state.withLock { $0.detailCalls } }

    func announcements(in region: SearchRegion?) async throws(RepositoryError) -> [Announcement] {
        let (answer, hold) = state.withLock { state -> (ListAnswer, Bool) in
            let index = min(state.listCalls, max(state.listAnswers.count - 1, 0))
            state.listCalls += 1
            return (state.listAnswers.isEmpty ? .success([]) : state.listAnswers[index], state.holdLists)
        }
        if hold {
            await withCheckedContinuation { continuation in
                state.withLock { $0.heldLists.append(continuation) }
            }
        }
        return try answer.get()
    }

    func announcement(id: String) async throws(RepositoryError) -> Announcement {
        let answer = state.withLock { state -> DetailAnswer in
            state.detailCalls.append(id)
            return state.detailAnswers[id] ?? .failure(.notFound)
        }
        return try answer.get()
    }
}

/// Polls on the main actor until `condition` holds (loads finish on other
/// executors; this waits for the outcome, not for a fixed time).
@MainActor
func eventually(timeout: Duration = .seconds(5), _ condition: @MainActor () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        if clock.now > deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}
