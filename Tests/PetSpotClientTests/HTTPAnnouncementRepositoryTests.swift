// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

/// The HTTP repository against misbehaving loopback servers.
@Suite("HTTP repository")
struct HTTPAnnouncementRepositoryTests {
    /// For outcomes other than a timeout: a deadline no loaded CI machine
    /// reaches, so a slow first connection never turns "bad response" into "timed out".
    private static let patient = HTTPAnnouncementRepository.Configuration(
        connectTimeout: .seconds(10), deadline: .seconds(60), maxBodyBytes: 1024 * 1024)
    /// For the timeout tests: the deadline is what ends them.
    private static let shortDeadline = HTTPAnnouncementRepository.Configuration(
        connectTimeout: .seconds(2), deadline: .milliseconds(500), maxBodyBytes: 1024 * 1024)
    /// "Quickly" means well before `patient`'s deadline, with room for a slow machine.
    private static let wellBeforeDeadline = Duration.seconds(20)

    private func repository(
        _ server: LoopbackHTTPServer, path: String = "",
        configuration: HTTPAnnouncementRepository.Configuration = patient
    ) -> HTTPAnnouncementRepository {
        HTTPAnnouncementRepository(baseURL: server.baseURL.appending(path: path), configuration: configuration)
    }

    /// Runs `body` and returns its error, or `nil` if it succeeded.
    private func failure<T>(_ body: () async throws -> T) async -> RepositoryError? {
        do {
            _ = try await body()
            return nil
        } catch let error as RepositoryError {
            return error
        } catch {
            Issue.record("not a RepositoryError: \(error)")
            return nil
        }
    }

    @Test("a valid list is fetched and decoded, invalid items skipped")
    func list() async throws {
        let body = Fixtures.listBody([Fixtures.wireItem(id: "a"), Fixtures.wireItem(id: "b", status: "?")])
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Array(body)))
        defer { server.stop() }

        let items = try await repository(server).announcements(in: nil)

        #expect(items.map(\.id) == ["a"])
        #expect(items.first?.photoURL?.absoluteString == "http://127.0.0.1:\(server.port)/images/luna.jpg")
        #expect(server.requestTargets == ["/api/v1/announcements"])
    }

    @Test("a region and a base path prefix reach the server")
    func regionAndPrefix() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Array(#"{"data": []}"#.utf8)))
        defer { server.stop() }
        let centre = try #require(Coordinate(latitude: 52.5, longitude: 21))

        let items = try await repository(server, path: "petspot")
            .announcements(in: SearchRegion(centre: centre, rangeKilometres: 7))

        #expect(items.isEmpty)
        #expect(server.requestTargets == ["/petspot/api/v1/announcements?lat=52.5&lng=21&range=7"])
    }

    @Test("details are fetched by percent-encoded id")
    func details() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Fixtures.wireItem(id: "a/b c").data))
        defer { server.stop() }

        let item = try await repository(server).announcement(id: "a/b c")

        #expect(item.id == "a/b c")
        #expect(server.requestTargets == ["/api/v1/announcements/a%2Fb%20c"])
    }

    @Test("404 on details is notFound")
    func detailsNotFound() async throws {
        let envelope = #"{"error": {"requestId": "r1", "code": "NOT_FOUND", "message": "No such announcement"}}"#
        let server = try LoopbackHTTPServer(.respond(status: 404, body: Array(envelope.utf8)))
        defer { server.stop() }
        #expect(await failure { try await repository(server).announcement(id: "gone") } == .notFound)
    }

    @Test("an empty id is notFound without asking the server")
    func emptyID() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Array(#"{"data": []}"#.utf8)))
        defer { server.stop() }
        #expect(await failure { try await repository(server).announcement(id: "") } == .notFound)
        #expect(server.requestTargets.isEmpty)
    }

    @Test("non-2xx statuses are bad responses", arguments: [404, 400, 500, 503])
    func errorStatusOnList(status: Int) async throws {
        let server = try LoopbackHTTPServer(.respond(status: status, body: Array("{}".utf8)))
        defer { server.stop() }
        let error = await failure { try await repository(server).announcements(in: nil) }
        guard case .badResponse(let detail) = error else {
            Issue.record("expected badResponse, got \(String(describing: error))")
            return
        }
        #expect(detail.contains(String(status)))
    }

    @Test("500 on details is a bad response, not notFound")
    func errorStatusOnDetails() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 500, body: []))
        defer { server.stop() }
        let error = await failure { try await repository(server).announcement(id: "x") }
        #expect(error.isBadResponse)
    }

    @Test("200 with garbage is a bad response", arguments: ["<html>oops</html>", "", "[]", "{\"data\": 5}"])
    func garbage(body: String) async throws {
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Array(body.utf8)))
        defer { server.stop() }
        #expect(await failure { try await repository(server).announcements(in: nil) }.isBadResponse)
        #expect(await failure { try await repository(server).announcement(id: "x") }.isBadResponse)
    }

    /// The server answered, so "can't reach" would send the user checking their network.
    @Test(
        "a redirect loop, endless redirects or a broken response head are bad responses, not unreachable",
        arguments: [
            "loop", "endless", "HTTP/1.1 2OO OK\r\nContent-Length: 2\r\n\r\n{}",
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
            "NOT HTTP AT ALL\r\n\r\n",
        ])
    func answeredButUnreadable(reply: String) async throws {
        // The test server answers one request per connection and says so, or
        // the client could reuse a connection the server has already closed.
        let closing = "Content-Length: 0\r\nConnection: close\r\n\r\n"
        let server = try LoopbackHTTPServer { target in
            let hop = Int(target.split(separator: "hop=").last ?? "") ?? 0
            switch reply {
            case "loop":
                return .raw("HTTP/1.1 302 Found\r\nLocation: /api/v1/announcements\r\n\(closing)")
            case "endless":
                return .raw("HTTP/1.1 302 Found\r\nLocation: /api/v1/announcements?hop=\(hop + 1)\r\n\(closing)")
            default:
                return .raw(reply)
            }
        }
        defer { server.stop() }
        let error = await failure { try await repository(server).announcements(in: nil) }
        #expect(error.isBadResponse, "\(String(describing: error))")
    }

    @Test("a server that accepts but never answers times out within the deadline")
    func neverAnswers() async throws {
        let server = try LoopbackHTTPServer(.neverAnswer)
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let error = await failure {
            try await repository(server, configuration: Self.shortDeadline).announcements(in: nil)
        }
        #expect(error == .timedOut)
        #expect(clock.now - start < Self.wellBeforeDeadline)
    }

    @Test("a body that stalls half-way times out: the deadline covers the body too")
    func stallsMidBody() async throws {
        let server = try LoopbackHTTPServer(.stallMidBody(contentLength: 10_000))
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let error = await failure {
            try await repository(server, configuration: Self.shortDeadline).announcements(in: nil)
        }
        #expect(error == .timedOut)
        #expect(clock.now - start < Self.wellBeforeDeadline)
    }

    @Test(
        "a list larger than the list size limit is refused without being read whole, as such",
        arguments: [true, false])
    func listTooLarge(declareLength: Bool) async throws {
        let server = try LoopbackHTTPServer(.stream(totalBytes: 10 * 1024 * 1024, declareLength: declareLength))
        defer { server.stop() }
        let small = HTTPAnnouncementRepository.Configuration(
            connectTimeout: .seconds(10), deadline: .seconds(60), listSizeLimitBytes: 1024)
        let clock = ContinuousClock()
        let start = clock.now
        let error = await failure { try await repository(server, configuration: small).announcements(in: nil) }
        #expect(error == .listTooLarge(limitBytes: 1024))
        #expect(clock.now - start < Self.wellBeforeDeadline)
    }

    @Test("an oversized details body fails without being read whole", arguments: [true, false])
    func oversizedDetails(declareLength: Bool) async throws {
        let server = try LoopbackHTTPServer(.stream(totalBytes: 10 * 1024 * 1024, declareLength: declareLength))
        defer { server.stop() }
        let tiny = HTTPAnnouncementRepository.Configuration(
            connectTimeout: .seconds(10), deadline: .seconds(60), maxBodyBytes: 1024)
        let clock = ContinuousClock()
        let start = clock.now
        let error = await failure { try await repository(server, configuration: tiny).announcement(id: "a") }
        #expect(error.isBadResponse, "got \(String(describing: error))")
        #expect(clock.now - start < Self.wellBeforeDeadline)
    }

    @Test("a list within the list size limit is read, however large the details limit is not")
    func listWithinItsLimit() async throws {
        let items = (0..<200).map { Fixtures.wireItem(id: "r\($0)") }
        let body = Fixtures.listBody(items)
        #expect(body.count > 4_096)
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Array(body)))
        defer { server.stop() }
        let configuration = HTTPAnnouncementRepository.Configuration(
            connectTimeout: .seconds(10), deadline: .seconds(60), maxBodyBytes: 1_024, listSizeLimitBytes: body.count)
        let list = try await repository(server, configuration: configuration).announcements(in: nil)
        #expect(list.count == 200)
    }

    @Test("a port with nothing listening is unreachable, quickly")
    func nothingListening() async throws {
        let port = try LoopbackHTTPServer.unusedPort()
        let repository = HTTPAnnouncementRepository(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")),
            configuration: Self.patient)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(await failure { try await repository.announcements(in: nil) } == .unreachable)
        #expect(await failure { try await repository.announcement(id: "x") } == .unreachable)
        #expect(clock.now - start < Self.wellBeforeDeadline)
    }

    @Test(
        "cancelling the task cancels the request, before the answer or while the body trickles in",
        arguments: [LoopbackHTTPServer.Reply.neverAnswer, .stallMidBody(contentLength: 10_000)])
    func cancellation(reply: LoopbackHTTPServer.Reply) async throws {
        let server = try LoopbackHTTPServer(reply)
        defer { server.stop() }
        let slow = HTTPAnnouncementRepository(
            baseURL: server.baseURL, configuration: Self.patient)
        let clock = ContinuousClock()
        let start = clock.now
        let task = Task { await failure { try await slow.announcements(in: nil) } }
        // Cancel once the request is on the server, not merely before it is sent.
        while server.requestTargets.isEmpty { await Task.yield() }
        task.cancel()
        #expect(await task.value == .cancelled)
        #expect(clock.now - start < Self.wellBeforeDeadline, "well before the 60 s deadline")
    }

    @Test("a task cancelled before it starts never reaches the server")
    func cancelledBeforeStart() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Array(#"{"data": []}"#.utf8)))
        defer { server.stop() }
        let repository = repository(server)
        let task = Task { () async -> RepositoryError? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await failure { try await repository.announcements(in: nil) }
        }
        #expect(await task.value == .cancelled)
        #expect(server.requestTargets.isEmpty)
    }
}

extension Optional where Wrapped == RepositoryError {
    var isBadResponse: Bool {
        if case .badResponse = self { return true }
        return false
    }
}
