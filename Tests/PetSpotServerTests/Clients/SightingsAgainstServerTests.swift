// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotServer
import PetSpotTestSupport
import Testing

/// The client's `HTTPSightingsRepository` against the real server's
/// sightings routes over loopback: both halves agree on the body and every
/// refusal, and an unknown path of an older server reads as unsupported.
@Suite("HTTPSightingsRepository against PetSpotServer")
struct SightingsAgainstServerTests {
    static func failure(_ operation: () async throws -> Void) async -> SightingError? {
        do {
            try await operation()
            return nil
        } catch let error as SightingError {
            return error
        } catch {
            Issue.record("not a SightingError: \(error)")
            return nil
        }
    }

    static func sighting(minutesAgo: Double, note: String?) -> NewSighting {
        NewSighting(
            seenAt: Date().addingTimeInterval(-minutesAgo * 60),
            coordinate: Coordinate(latitude: 52.23, longitude: 21.0)!, note: note, contact: "ana@example.org")
    }

    @Test("a posted sighting comes back as stored and is listed newest first", arguments: StorageEngineUnderTest.all)
    func postThenList(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna")]) { fixture in
            let repository = HTTPSightingsRepository(baseURL: fixture.server.baseURL)
            let empty = try await repository.sightings(forReport: "luna")
            #expect(empty == .sightings([]))
            let older = try await repository.post(Self.sighting(minutesAgo: 30, note: "older"), toReport: "luna")
            let newer = try await repository.post(Self.sighting(minutesAgo: 5, note: "newer"), toReport: "luna")
            #expect(older.note == "older")
            #expect(older.contact == "ana@example.org")
            #expect(older.reportID == "luna")
            let listed = try await repository.sightings(forReport: "luna")
            #expect(listed == .sightings([newer, older]))
        }
    }

    @Test("an unknown report, a closed one, and a refused field", arguments: StorageEngineUnderTest.all)
    func refusals(engine: StorageEngineUnderTest) async throws {
        var closed = SampleAnnouncements.make(id: "home")
        closed.status = "CLOSED"
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna"), closed]) { fixture in
            let repository = HTTPSightingsRepository(baseURL: fixture.server.baseURL)
            #expect(
                await Self.failure { _ = try await repository.sightings(forReport: "nobody") } == .reportNotFound)
            #expect(
                await Self.failure {
                    _ = try await repository.post(Self.sighting(minutesAgo: 1, note: nil), toReport: "nobody")
                }
                    == .reportNotFound)
            #expect(
                await Self.failure {
                    _ = try await repository.post(Self.sighting(minutesAgo: 1, note: nil), toReport: "home")
                }
                    == .reportClosed)
            // Past the client's own rules, as an older client might send.
            let future = NewSighting(
                seenAt: Date().addingTimeInterval(86_400), coordinate: Coordinate(latitude: 1, longitude: 1)!,
                note: nil, contact: nil)
            #expect(
                await Self.failure { _ = try await repository.post(future, toReport: "luna") }
                    == .rejected(field: .seenAt, problem: .refusedByServer))
        }
    }

    @Test("too many from one address is tooMany", arguments: StorageEngineUnderTest.all)
    func rateLimited(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(
            engine: engine,
            [SampleAnnouncements.make(id: "luna")],
            configure: { configuration, _ in
                configuration.sightingLimit = SightingLimit(burst: 1, interval: .seconds(3600))
            }
        ) { fixture in
            let repository = HTTPSightingsRepository(baseURL: fixture.server.baseURL)
            _ = try await repository.post(Self.sighting(minutesAgo: 1, note: nil), toReport: "luna")
            let error = await Self.failure {
                _ = try await repository.post(Self.sighting(minutesAgo: 1, note: nil), toReport: "luna")
            }
            guard case .tooMany = error else {
                Issue.record("\(String(describing: error))")
                return
            }
        }
    }

    @Test(
        "a path the server does not have reads as unsupported: what an older PetSpot server answers",
        arguments: StorageEngineUnderTest.all)
    func routeLevelNotFound(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna")]) { fixture in
            // A base URL with a prefix the server does not serve: every path is its route-level 404.
            let repository = HTTPSightingsRepository(baseURL: fixture.server.baseURL.appendingPathComponent("old"))
            let answer = try await repository.sightings(forReport: "luna")
            #expect(answer == .unsupported)
        }
    }
}
