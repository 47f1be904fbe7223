// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotServer

/// Clients that stall must not hold the server. The limits
/// are shortened here; the defaults are in `ConnectionLimits`.
@Suite("Connection deadlines and the connection cap")
struct ConnectionLimitTests {
    private static let fullRequest = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test("a connection that sends half a request is closed after the request deadline")
    func halfSentRequest() async throws {
        try await ServerFixture.with(ConnectionLimits(requestTimeout: .milliseconds(200))) { fixture in
            let connection = try RawConnection(port: fixture.server.port)
            try connection.send("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let received = try #require(await connection.readUntilClosed(), "the server kept the connection open")
            #expect(received.isEmpty)
        }
    }

    @Test("a connection that sends nothing is closed after the request deadline")
    func silentConnection() async throws {
        try await ServerFixture.with(ConnectionLimits(requestTimeout: .milliseconds(200))) { fixture in
            let connection = try RawConnection(port: fixture.server.port)
            #expect(await connection.readUntilClosed() != nil, "the server kept the connection open")
        }
    }

    @Test("a keep-alive connection is answered, then closed once idle too long")
    func idleKeepAlive() async throws {
        try await ServerFixture.with(ConnectionLimits(idleTimeout: .milliseconds(200))) { fixture in
            let connection = try RawConnection(port: fixture.server.port)
            try connection.send(Self.fullRequest)
            let response = try #require(await connection.readResponse())
            #expect(response.status == 200)
            #expect(await connection.readUntilClosed() != nil, "the idle connection was kept open")
        }
    }

    @Test("a request that arrives in pieces within the deadline is answered")
    func requestInPieces() async throws {
        try await ServerFixture.with(ConnectionLimits(requestTimeout: .seconds(5), idleTimeout: .seconds(5))) {
            fixture in
            let connection = try RawConnection(port: fixture.server.port)
            try connection.send("GET /api/health HTTP/1.1\r\n")
            try connection.send("Host: 127.0.0.1\r\n\r\n")
            #expect(await connection.readResponse()?.status == 200)
        }
    }

    @Test("over the cap, the connection waiting longest for a request is closed to make room")
    func capClosesTheLongestWaiting() async throws {
        try await ServerFixture.with(ConnectionLimits(maximumConnections: 3)) { fixture in
            // Three keep-alive connections, each answered once, now waiting in this order.
            var waiting: [RawConnection] = []
            for _ in 0..<3 {
                let connection = try RawConnection(port: fixture.server.port)
                try connection.send(Self.fullRequest)
                #expect(await connection.readResponse()?.status == 200)
                waiting.append(connection)
            }
            let newcomer = try RawConnection(port: fixture.server.port)
            try newcomer.send(Self.fullRequest)
            #expect(await newcomer.readResponse()?.status == 200)
            #expect(await waiting[0].readUntilClosed() != nil, "the oldest waiting connection was kept open")
            // The others were not pushed out: they are still served.
            try waiting[2].send(Self.fullRequest)
            #expect(await waiting[2].readResponse()?.status == 200)
        }
    }
}
