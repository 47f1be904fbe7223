// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotServer

/// One client must not be able to hold every connection: refused requests do
/// not keep their connection, slow bodies are dropped, and each client address
/// gets only its share of the connections. The limits are shortened here.
@Suite("One client cannot hold the server's connections")
struct ConnectionHoldingTests {
    private static let health = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    /// The head of a request announcing a large body, and the body's first bytes.
    private static func halfSent(_ path: String, headers: String = "", length: Int = 10_000_000) -> String {
        "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Content-Type: multipart/form-data; boundary=b\r\n"
            + "Content-Length: \(length)\r\n\r\n--b\r\n"
    }

    /// A connection whose request the server is reading: a health check with
    /// a half-sent report behind it in the same packet, so once the health
    /// check is answered the report's head has been read too.
    private static func busyConnection(port: Int) async throws -> RawConnection {
        let connection = try RawConnection(port: port)
        try connection.send(health + halfSent("/api/v1/announcements", length: 100))
        try #require(await connection.readResponse()?.status == 200)
        return connection
    }

    @Test(
        "requests refused before their body is read hold no connection: more of them than the cap, then a health check")
    func refusedRequestsHoldNoSlot() async throws {
        let limits = ConnectionLimits(maximumConnections: 8, uploadTimeout: .seconds(60), bodyRateWindow: .seconds(60))
        try await ServerFixture.with(limits) { fixture in
            let (_, id, _) = try await fixture.createReport()
            // No password (401), an unknown report (404), a body announced too large (413).
            let refusals = [
                Self.halfSent("/api/v1/announcements/\(id)/photos"),
                Self.halfSent(
                    "/api/v1/announcements/no-such-report/photos", headers: "Authorization: Basic OjEyMzQ1Ng==\r\n"),
                Self.halfSent("/api/v1/announcements"),
            ]
            var refused: [RawConnection] = []
            for index in 0..<32 {
                let connection = try RawConnection(port: fixture.server.port)
                try connection.send(refusals[index % refusals.count])
                let response = try #require(await connection.readResponse(), "refusal \(index) was not answered")
                #expect([401, 404, 413].contains(response.status))
                refused.append(connection)
            }
            // Were the refusals still holding their slots, this connection would
            // be closed unanswered at once; the default limit only covers a busy machine.
            let fresh = try RawConnection(port: fixture.server.port)
            try fresh.send(Self.health)
            #expect(await fresh.readResponse()?.status == 200)
        }
    }

    @Test("a refused request whose body stalls is closed long before the upload deadline")
    func refusedAndStalled() async throws {
        let limits = ConnectionLimits(
            uploadTimeout: .seconds(60), minimumBodyBytes: 1024, bodyRateWindow: .milliseconds(300))
        try await ServerFixture.with(limits) { fixture in
            let (_, id, _) = try await fixture.createReport()
            let connection = try RawConnection(port: fixture.server.port)
            try connection.send(Self.halfSent("/api/v1/announcements/\(id)/photos"))
            // No password: a 401 at once (unless the stall was judged first, on a busy machine).
            let received = try #require(await connection.readUntilClosed(limit: .seconds(5)), "kept open")
            #expect(received.isEmpty || RawResponse(parsing: received)?.status == 401)
        }
    }

    @Test("past the cap, with every connection busy, a new connection is closed unanswered")
    func capHoldsWhenAllAreBusy() async throws {
        let limits = ConnectionLimits(requestTimeout: .seconds(60), maximumConnections: 3, bodyRateWindow: .seconds(60))
        try await ServerFixture.with(limits) { fixture in
            var busy: [RawConnection] = []
            for _ in 0..<3 { busy.append(try await Self.busyConnection(port: fixture.server.port)) }
            let newcomer = try RawConnection(port: fixture.server.port, from: "127.0.0.2")
            try newcomer.send(Self.health)
            #expect(await newcomer.readUntilClosed()?.isEmpty == true, "a connection over the cap was answered")
            try busy[0].send(String(repeating: " ", count: 95))
            #expect(await busy[0].readResponse()?.status == 400, "a busy connection was closed for the newcomer")
        }
    }

    @Test("one address gets its share of connections; other addresses are still served")
    func capPerAddress() async throws {
        let limits = ConnectionLimits(
            requestTimeout: .seconds(60), maximumConnectionsPerAddress: 3, bodyRateWindow: .seconds(60))
        try await ServerFixture.with(limits) { fixture in
            var busy: [RawConnection] = []
            for _ in 0..<3 { busy.append(try await Self.busyConnection(port: fixture.server.port)) }
            let other = try RawConnection(port: fixture.server.port, from: "127.0.0.2")
            try other.send(Self.health)
            #expect(await other.readResponse()?.status == 200)
            let fourth = try RawConnection(port: fixture.server.port)
            try fourth.send(Self.health)
            #expect(
                await fourth.readUntilClosed()?.isEmpty == true, "a fourth connection from one address was answered")
        }
    }

    @Test("only the photo route gets the upload deadline; another path ending in /photos gets the request deadline")
    func uploadDeadlineOnlyForPhotos() async throws {
        let limits = ConnectionLimits(
            requestTimeout: .milliseconds(200), uploadTimeout: .seconds(60), bodyRateWindow: .seconds(60))
        try await ServerFixture.with(limits) { fixture in
            let connection = try RawConnection(port: fixture.server.port)
            try connection.send(Self.halfSent("/anything/photos"))
            #expect(await connection.readUntilClosed(limit: .seconds(5)) != nil, "kept open for the upload deadline")
        }
    }

    @Test("an upload whose body trickles in is dropped long before the upload deadline")
    func slowBodyDropped() async throws {
        let limits = ConnectionLimits(
            uploadTimeout: .seconds(60), minimumBodyBytes: 1024, bodyRateWindow: .milliseconds(300))
        try await ServerFixture.with(limits) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let connection = try RawConnection(port: fixture.server.port)
            let authorization = "Authorization: \(PhotoUploadTests.basic("petspot", password))\r\n"
            try connection.send(Self.halfSent("/api/v1/announcements/\(id)/photos", headers: authorization))
            #expect(await connection.readUntilClosed(limit: .seconds(5)) != nil, "a stalled upload was kept open")
        }
    }
}
