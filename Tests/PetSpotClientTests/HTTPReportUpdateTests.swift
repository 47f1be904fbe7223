// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotClient

/// `HTTPReportPublisher.update` against stub backends: one without the
/// route (the original API), and answers the real server never gives (the
/// real server's answers are checked in PetSpotServerTests).
@Suite("HTTPReportPublisher.update: backends without the route, and bad answers")
struct HTTPReportUpdateTests {
    static let shortDeadline = HTTPReportPublisher.Configuration(
        connectTimeout: .seconds(2), deadline: .milliseconds(500), uploadDeadline: .milliseconds(500))

    static let report = Array(
        """
        {"id":"r1","petName":"Burek","species":"DOG","breed":null,"sex":"MALE","age":null,"description":null,
        "microchipNumber":null,"locationLatitude":50.06,"locationLongitude":19.94,"lastSeenDate":"2026-11-16",
        "email":null,"phone":"555 0101","photoUrl":null,"status":"CLOSED","reward":null,
        "createdAt":"2026-11-20T10:00:00.000Z","updatedAt":"2026-11-21T10:00:00.000Z"}
        """.utf8)

    static func envelope(_ code: String, field: String? = nil) -> [UInt8] {
        let fieldText = field.map { #","field":"\#($0)""# } ?? ""
        return Array(#"{"error":{"requestId":"x","code":"\#(code)","message":"m"\#(fieldText)}}"#.utf8)
    }

    /// The `ReportUpdateError` the change to `r1` ends with; nil when it succeeds.
    static func failure(
        _ server: LoopbackHTTPServer, configuration: HTTPReportPublisher.Configuration = .standard
    ) async -> ReportUpdateError? {
        do throws(ReportUpdateError) {
            _ = try await HTTPReportPublisher(baseURL: server.baseURL, configuration: configuration)
                .update(reportID: "r1", changes: .closing, password: "123456")
            return nil
        } catch {
            return error
        }
    }

    @Test("a 200 is the changed report, read leniently; the request is a PATCH of the report")
    func changed() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Self.report))
        defer { server.stop() }
        let closed = try await HTTPReportPublisher(baseURL: server.baseURL)
            .update(reportID: "r1", changes: .closing, password: "123456")
        #expect(closed.status == .closed)
        #expect(closed.phone == "555 0101")
        #expect(server.requestMethods == ["PATCH"])
        #expect(server.requestTargets == ["/api/v1/announcements/r1"])
    }

    @Test("the original API: a 405, or a plain 404 to the change, is unsupported")
    func withoutTheRoute() async throws {
        for status in [404, 405] {
            let server = try LoopbackHTTPServer(
                .respond(status: status, body: Array("Cannot PATCH /api/v1/announcements/r1".utf8)))
            defer { server.stop() }
            #expect(await Self.failure(server) == .unsupported)
            #expect(server.requestMethods == ["PATCH"])
        }
    }

    @Test("a 404 NOT_FOUND to the change while GET still serves the report: unsupported")
    func notFoundButServed() async throws {
        let server = try LoopbackHTTPServer(replyTo: { method, _ in
            method == "GET"
                ? .respond(status: 200, body: Self.report) : .respond(status: 404, body: Self.envelope("NOT_FOUND"))
        })
        defer { server.stop() }
        #expect(await Self.failure(server) == .unsupported)
        #expect(server.requestMethods == ["PATCH", "GET"])
    }

    @Test("a 404 NOT_FOUND to the change and to GET: the report is gone")
    func gone() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 404, body: Self.envelope("NOT_FOUND")))
        defer { server.stop() }
        #expect(await Self.failure(server) == .notFound)
        #expect(server.requestMethods == ["PATCH", "GET"])
    }

    @Test(
        "each refusal is its own error",
        arguments: [
            (401, envelope("UNAUTHORIZED"), ReportUpdateError.unauthorized),
            (409, envelope("CONFLICT"), .closed),
            (
                409, envelope("CONFLICT", field: "microchipNumber"),
                .rejected(field: .microchipNumber, problem: .alreadyRegistered)
            ),
            (429, envelope("TOO_MANY_ATTEMPTS"), .tooManyAttempts),
            (400, envelope("INVALID_FIELD", field: "phone"), .rejected(field: .phone, problem: .refusedByServer)),
            (400, envelope("INVALID_BODY"), .rejected(field: nil, problem: .refusedByServer)),
        ])
    func refusals(_ status: Int, _ body: [UInt8], _ expected: ReportUpdateError) async throws {
        let server = try LoopbackHTTPServer(.respond(status: status, body: body))
        defer { server.stop() }
        #expect(await Self.failure(server) == expected)
    }

    @Test("a 500, a body that is not a report, another report, or no answer in time: a transport error")
    func badAnswers() async throws {
        let other = Array(
            String(decoding: Self.report, as: UTF8.self).replacingOccurrences(of: "\"r1\"", with: "\"r2\"").utf8)
        for reply in [
            LoopbackHTTPServer.Reply.respond(status: 500, body: Self.envelope("INTERNAL_ERROR")),
            .respond(status: 200, body: Array("{\"data\": [".utf8)),
            .respond(status: 200, body: other),
        ] {
            let server = try LoopbackHTTPServer(reply)
            defer { server.stop() }
            guard case .transport(.badResponse) = await Self.failure(server) else {
                Issue.record("not a bad response for \(reply)")
                continue
            }
        }
        let silent = try LoopbackHTTPServer(.neverAnswer)
        defer { silent.stop() }
        #expect(await Self.failure(silent, configuration: Self.shortDeadline) == .transport(.timedOut))
    }

    @Test("only the changed keys are sent; null empties one")
    func body() throws {
        let changes = ReportChanges([.phone: .text("555 0199"), .reward: .null, .age: .integer(4)])
        let json = String(decoding: try JSONEncoder().encode(changes), as: UTF8.self)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["phone", "reward", "age"])
        #expect(object["phone"] as? String == "555 0199")
        #expect(object["reward"] is NSNull)
        #expect(object["age"] as? Int == 4)
    }
}
