// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotClient

/// `HTTPSightingsRepository` against stub backends: ones without the route
/// (the original API), and answers the real server never gives (the real
/// server's answers are checked in PetSpotServerTests).
@Suite("HTTPSightingsRepository: backends without sightings, and bad answers")
struct HTTPSightingsRepositoryTests {
    static let shortDeadline = HTTPReportPublisher.Configuration(
        connectTimeout: .seconds(2), deadline: .milliseconds(500), uploadDeadline: .milliseconds(500))

    static func item(id: String, report: String = "r1", seenAt: String, note: String? = nil) -> String {
        let noteText = note.map { #""\#($0)""# } ?? "null"
        return #"{"id":"\#(id)","announcementId":"\#(report)","seenAt":"\#(seenAt)","locationLatitude":50.1,"#
            + #""locationLongitude":19.9,"note":\#(noteText),"contact":null,"createdAt":"2026-11-20T12:00:00.000Z"}"#
    }

    static let sighting = NewSighting(
        seenAt: Date(timeIntervalSince1970: 1_795_000_000), coordinate: Coordinate(latitude: 50.1, longitude: 19.9)!,
        note: "by the river", contact: nil)

    static func list(
        _ server: LoopbackHTTPServer, configuration: HTTPReportPublisher.Configuration = .standard
    ) async -> Result<SightingsAnswer, SightingError> {
        do throws(SightingError) {
            return .success(
                try await HTTPSightingsRepository(baseURL: server.baseURL, configuration: configuration)
                    .sightings(forReport: "r1"))
        } catch {
            return .failure(error)
        }
    }

    static func postFailure(
        _ server: LoopbackHTTPServer, configuration: HTTPReportPublisher.Configuration = .standard
    ) async -> SightingError? {
        do throws(SightingError) {
            _ = try await HTTPSightingsRepository(baseURL: server.baseURL, configuration: configuration)
                .post(sighting, toReport: "r1")
            return nil
        } catch {
            return error
        }
    }

    @Test("a list is read newest first whatever its order; unreadable items and other reports' are skipped")
    func lenientList() async throws {
        let body =
            #"{"data":[\#(Self.item(id: "a", seenAt: "2026-11-20T08:00:00Z")),"#
            + #"\#(Self.item(id: "b", seenAt: "2026-11-20T10:00:00+01:00", note: "later")),"#
            + #"{"id":"broken"},\#(Self.item(id: "c", seenAt: "not a time")),"#
            + #"\#(Self.item(id: "d", report: "other", seenAt: "2026-11-20T11:00:00Z"))]}"#
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Array(body.utf8)))
        defer { server.stop() }
        let answer = try await Self.list(server).get()
        guard case .sightings(let sightings) = answer else {
            Issue.record("\(answer)")
            return
        }
        #expect(sightings.map(\.id) == ["b", "a"], "09:00 UTC after 08:00 UTC")
        #expect(server.requestTargets == ["/api/v1/announcements/r1/sightings"])
    }

    @Test("the original API: a plain 404, a route-level 404 envelope, a 405 or a 501 is unsupported, not an error")
    func withoutTheRoute() async throws {
        let replies: [(Int, String)] = [
            (404, "Cannot GET /api/v1/announcements/r1/sightings"),
            (404, #"{"error":{"requestId":"x","code":"NOT_FOUND","message":"No such resource."}}"#),
            (405, ""), (501, "not implemented"),
        ]
        for (status, body) in replies {
            let server = try LoopbackHTTPServer(.respond(status: status, body: Array(body.utf8)))
            defer { server.stop() }
            #expect(try await Self.list(server).get() == .unsupported, "\(status) \(body)")
            #expect(await Self.postFailure(server) == .unsupported, "\(status) \(body)")
        }
    }

    @Test("PetSpot's answers: 404 naming the report, 409, 429, a refused field")
    func refusals() async throws {
        let cases: [(Int, String, SightingError)] = [
            (404, #"{"error":{"requestId":"x","code":"NOT_FOUND","message":"m","field":"id"}}"#, .reportNotFound),
            (409, #"{"error":{"requestId":"x","code":"CONFLICT","message":"m"}}"#, .reportClosed),
            (
                429, #"{"error":{"requestId":"x","code":"TOO_MANY_REQUESTS","message":"m"}}"#,
                .tooMany(retryAfterSeconds: nil)
            ),
            (
                400, #"{"error":{"requestId":"x","code":"INVALID_FIELD","message":"m","field":"contact"}}"#,
                .rejected(field: .contact, problem: .refusedByServer)
            ),
            (
                400, #"{"error":{"requestId":"x","code":"INVALID_FIELD","message":"m","field":"age"}}"#,
                .rejected(field: nil, problem: .refusedByServer)
            ),
        ]
        for (status, body, expected) in cases {
            let server = try LoopbackHTTPServer(.respond(status: status, body: Array(body.utf8)))
            defer { server.stop() }
            #expect(await Self.postFailure(server) == expected, "\(status) \(body)")
        }
    }

    @Test("a 5xx, a body that is not the contract, a timeout and a refused connection are transport failures")
    func transport() async throws {
        let replies: [LoopbackHTTPServer.Reply] = [
            .respond(status: 500, body: Array("oops".utf8)),
            .respond(status: 200, body: Array("<html>".utf8)),
            .respond(status: 201, body: Array(#"{"id":"s"}"#.utf8)),
            .neverAnswer,
        ]
        for reply in replies {
            let server = try LoopbackHTTPServer(reply)
            defer { server.stop() }
            guard case .transport = await Self.postFailure(server, configuration: Self.shortDeadline) else {
                Issue.record("\(reply) was not a transport failure")
                continue
            }
        }
        let port = try LoopbackHTTPServer.unusedPort()
        let repository = HTTPSightingsRepository(
            baseURL: URL(string: "http://127.0.0.1:\(port)")!, configuration: Self.shortDeadline)
        await #expect(throws: SightingError.transport(.unreachable)) {
            _ = try await repository.sightings(forReport: "r1")
        }
    }

    @Test("the post is JSON with the contract's keys, to the report's own path (its id one segment)")
    func postBody() async throws {
        let stored = Self.item(id: "s1", report: "a/b?c", seenAt: "2026-11-20T08:00:00.000Z", note: "by the river")
        let server = try LoopbackHTTPServer(.respond(status: 201, body: Array(stored.utf8)))
        defer { server.stop() }
        let sighting = try await HTTPSightingsRepository(baseURL: server.baseURL).post(Self.sighting, toReport: "a/b?c")
        #expect(sighting.id == "s1")
        #expect(sighting.note == "by the river")
        #expect(server.requestMethods == ["POST"])
        #expect(server.requestTargets == ["/api/v1/announcements/a%2Fb%3Fc/sightings"])
    }

    @Test("an answer about another report is not taken as the stored sighting")
    func anotherReport() async throws {
        let stored = Self.item(id: "s1", report: "r2", seenAt: "2026-11-20T08:00:00.000Z")
        let server = try LoopbackHTTPServer(.respond(status: 201, body: Array(stored.utf8)))
        defer { server.stop() }
        guard case .transport = await Self.postFailure(server) else {
            Issue.record("accepted")
            return
        }
    }

    @Test("a hostile list is bounded: at most the newest 100, long notes cut")
    func boundedList() async throws {
        let long = String(repeating: "x", count: 2000)
        let items = (0..<300).map { index in
            Self.item(
                id: "s\(index)", seenAt: WireSighting.timestampString(Date(timeIntervalSince1970: Double(index) * 60)),
                note: long)
        }
        let body = #"{"data":[\#(items.joined(separator: ","))]}"#
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Array(body.utf8)))
        defer { server.stop() }
        guard case .sightings(let sightings) = try await Self.list(server).get() else {
            Issue.record("no list")
            return
        }
        #expect(sightings.count == 100)
        #expect(sightings.first?.id == "s299")
        #expect(sightings.allSatisfy { ($0.note?.count ?? 0) <= SightingRules.noteMaximumLength })
    }
}
