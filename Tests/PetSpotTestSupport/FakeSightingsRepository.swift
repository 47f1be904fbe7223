// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotLocking

/// A `SightingsRepository` with scripted answers, remembering what was posted.
public final class FakeSightingsRepository: SightingsRepository, Sendable {
    private struct State {
        var lists: [String: Result<SightingsAnswer, SightingError>] = [:]
        var postResults: [Result<Sighting, SightingError>] = []
        var posted: [(reportID: String, sighting: NewSighting)] = []
    }

    private let state = Locked(State())

    public init() {}

    public func answerList(_ reportID: String, _ result: Result<SightingsAnswer, SightingError>) {
        state.withLock { $0.lists[reportID] = result }
    }

    /// The answers to the next posts, in order; past them a post stores the sighting as sent.
    public func answerPosts(_ results: [Result<Sighting, SightingError>]) {
        state.withLock { $0.postResults = results }
    }

    public var posted: [(reportID: String, sighting: NewSighting)] { state.withLock { $0.posted } }

    public func sightings(forReport id: String) async throws(SightingError) -> SightingsAnswer {
        let result = state.withLock { $0.lists[id] } ?? .success(.sightings([]))
        return try result.get()
    }

    public func post(_ sighting: NewSighting, toReport id: String) async throws(SightingError) -> Sighting {
        let result: Result<Sighting, SightingError> = state.withLock { state in
            state.posted.append((id, sighting))
            if state.postResults.isEmpty {
                return .success(
                    Sighting(
                        id: "posted-\(state.posted.count)", reportID: id, seenAt: sighting.seenAt,
                        coordinate: sighting.coordinate, note: sighting.note, contact: sighting.contact,
                        createdAt: sighting.seenAt))
            }
            return state.postResults.removeFirst()
        }
        return try result.get()
    }

    /// A sighting of `reportID` at `coordinate`, `minutesAgo` before `now`.
    public static func sighting(
        _ id: String, of reportID: String, minutesAgo: Double, now: Date = Date(),
        at coordinate: Coordinate = Coordinate(latitude: 52.24, longitude: 21.01)!, note: String? = nil
    ) -> Sighting {
        Sighting(
            id: id, reportID: reportID, seenAt: now.addingTimeInterval(-minutesAgo * 60), coordinate: coordinate,
            note: note, contact: nil, createdAt: now)
    }
}
