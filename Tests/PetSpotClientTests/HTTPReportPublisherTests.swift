// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import MultipartKit
import NIOCore
import PetSpotDomain
import Testing

@testable import PetSpotClient

/// `HTTPReportPublisher` against servers that misbehave, and its mapping of
/// answers to `PublishError` (the real server's answers are checked in
/// PetSpotServerTests).
@Suite("HTTPReportPublisher: transport failures and answers")
struct HTTPReportPublisherTests {
    static let shortDeadline = HTTPReportPublisher.Configuration(
        connectTimeout: .seconds(2), deadline: .milliseconds(500), uploadDeadline: .milliseconds(500))

    static func report() throws -> NewReport {
        let input = ReportInput(
            status: "FOUND", species: "DOG", sex: "MALE", latitude: 50.06, longitude: 19.94,
            lastSeenDate: "2026-11-16", email: "finder@example.org")
        return try ReportRules.validate(input, today: CalendarDay(year: 2026, month: 11, day: 20)!).get()
    }

    static let photo = ReportPhoto(
        data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), fileName: "a.png",
        mimeType: "image/png")

    /// The `PublishError` `operation` throws; nil when it succeeds.
    static func failure(_ operation: () async throws -> Void) async -> PublishError? {
        do {
            try await operation()
            return nil
        } catch let error as PublishError {
            return error
        } catch {
            Issue.record("not a PublishError: \(error)")
            return nil
        }
    }

    static func created(password: String) -> [UInt8] {
        Array(
            """
            {"id":"r1","petName":null,"species":"DOG","breed":null,"sex":"MALE","age":null,"description":null,
            "microchipNumber":null,"locationLatitude":50.06,"locationLongitude":19.94,"lastSeenDate":"2026-11-16",
            "email":"finder@example.org","phone":null,"photoUrl":null,"status":"FOUND","reward":null,
            "createdAt":"2026-11-20T10:00:00.000Z","updatedAt":"2026-11-20T10:00:00.000Z",
            "managementPassword":\(password)}
            """.utf8)
    }

    @Test("a 201 is read leniently with its password")
    func created() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 201, body: Self.created(password: #""012345""#)))
        defer { server.stop() }
        let published = try await HTTPReportPublisher(baseURL: server.baseURL).publish(try Self.report())
        #expect(published.managementPassword == "012345")
        #expect(published.announcement.id == "r1")
        #expect(server.requestTargets == ["/api/v1/announcements"])
    }

    @Test(
        "a password that is not six digits, or no password, is a bad response",
        arguments: [
            #""12345""#, #""1234567""#, #""12a456""#, "123456", "null", #""١٢٣٤٥٦""#,
        ])
    func badPassword(_ literal: String) async throws {
        let server = try LoopbackHTTPServer(.respond(status: 201, body: Self.created(password: literal)))
        defer { server.stop() }
        let error = await Self.failure {
            _ = try await HTTPReportPublisher(baseURL: server.baseURL).publish(try! Self.report())
        }
        guard case .transport(.badResponse) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test(
        "an unreadable 201 or a 5xx is a bad response",
        arguments: [
            (201, "not json"), (201, "{}"), (500, "oops"),
            (503, ""), (404, ""),
        ])
    func badResponses(status: Int, body: String) async throws {
        let server = try LoopbackHTTPServer(.respond(status: status, body: Array(body.utf8)))
        defer { server.stop() }
        let error = await Self.failure {
            _ = try await HTTPReportPublisher(baseURL: server.baseURL).publish(try! Self.report())
        }
        guard case .transport(.badResponse) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test("a port with nothing listening is unreachable, quickly")
    func nothingListening() async throws {
        let port = try LoopbackHTTPServer.unusedPort()
        let publisher = HTTPReportPublisher(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
        let start = ContinuousClock.now
        #expect(await Self.failure { _ = try await publisher.publish(try! Self.report()) } == .transport(.unreachable))
        #expect(
            await Self.failure { try await publisher.addPhoto(Self.photo, toReport: "x", password: "123456") }
                == .transport(.unreachable))
        #expect(ContinuousClock.now - start < .seconds(20), "well before the 20 s default deadline")
    }

    @Test(
        "a server that never answers times out within the deadline",
        arguments: [
            LoopbackHTTPServer.Reply.neverAnswer, .stallMidBody(contentLength: 10_000),
        ])
    func neverAnswers(reply: LoopbackHTTPServer.Reply) async throws {
        let server = try LoopbackHTTPServer(reply)
        defer { server.stop() }
        let publisher = HTTPReportPublisher(baseURL: server.baseURL, configuration: Self.shortDeadline)
        let start = ContinuousClock.now
        #expect(await Self.failure { _ = try await publisher.publish(try! Self.report()) } == .transport(.timedOut))
        #expect(
            await Self.failure { try await publisher.addPhoto(Self.photo, toReport: "x", password: "123456") }
                == .transport(.timedOut))
        // Two 500 ms deadlines; the margin is for a loaded machine running every suite at once.
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    struct Mapping: Sendable, CustomTestStringConvertible {
        let status: UInt
        let code: String?
        let field: String?
        let operation: HTTPReportPublisher.Operation
        let expected: PublishError
        var testDescription: String { "\(status) \(code ?? "-") \(field ?? "-") → \(expected)" }
    }

    static let mappings: [Mapping] = [
        Mapping(
            status: 400, code: "INVALID_FIELD", field: "email", operation: .publish,
            expected: .rejected(field: .email, problem: .refusedByServer)),
        Mapping(
            status: 400, code: "INVALID_FIELD", field: "colour", operation: .publish,
            expected: .rejected(field: nil, problem: .refusedByServer)),
        Mapping(
            status: 400, code: "INVALID_BODY", field: nil, operation: .publish,
            expected: .rejected(field: nil, problem: .refusedByServer)),
        Mapping(
            status: 409, code: "CONFLICT", field: "microchipNumber", operation: .publish,
            expected: .rejected(field: .microchipNumber, problem: .alreadyRegistered)),
        Mapping(
            status: 409, code: nil, field: nil, operation: .publish,
            expected: .rejected(field: .microchipNumber, problem: .alreadyRegistered)),
        Mapping(status: 401, code: "UNAUTHORIZED", field: nil, operation: .addPhoto, expected: .unauthorized),
        Mapping(status: 404, code: "NOT_FOUND", field: nil, operation: .addPhoto, expected: .notFound),
        Mapping(
            status: 400, code: "MISSING_FILE", field: "photo", operation: .addPhoto,
            expected: .rejected(field: nil, problem: .missing)),
        Mapping(
            status: 400, code: "NOT_AN_IMAGE", field: "photo", operation: .addPhoto,
            expected: .rejected(field: nil, problem: .notAllowed)),
        Mapping(
            status: 413, code: nil, field: nil, operation: .addPhoto,
            expected: .rejected(field: nil, problem: .tooLong(limit: ReportPhoto.maximumBytes))),
        Mapping(
            status: 500, code: "INTERNAL_ERROR", field: nil, operation: .addPhoto,
            expected: .transport(.badResponse("HTTP 500"))),
    ]

    @Test("answers map onto what the form can act on", arguments: mappings)
    func mapping(_ mapping: Mapping) {
        let envelope = mapping.code.map {
            WireErrorEnvelope.Body(requestId: "r", code: $0, message: "m", field: mapping.field)
        }
        let error = HTTPReportPublisher.classify(
            status: mapping.status, envelope: envelope, operation: mapping.operation)
        #expect(error == mapping.expected)
    }

    @Test("the photo part quotes its file name safely and keeps the bytes")
    func photoPart() {
        let part = HTTPReportPublisher.part(
            for: ReportPhoto(
                data: Data([1, 2, 3]), fileName: "a\"b\r\nc.png", mimeType: "image/png"))
        #expect(part.name == "photo")
        #expect(part.headers["Content-Disposition"].first == #"form-data; name="photo"; filename="a%22b%0D%0Ac.png""#)
        #expect(part.headers["Content-Type"].first == "image/png")
        #expect(Array(part.body.readableBytesView) == [1, 2, 3])
    }
}
