// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotServer

/// A request refused at the connection for its address's allowance (429)
/// still ends the connection when it asked to (RFC 9112 §9.6), as the
/// router's answers do: a client that sent `Connection: close` and was told
/// nothing else may send its next request on a new connection, or on this one,
/// where the decoder would take it for bytes after the end (a 400).
@Suite("A refused request that asks to close the connection closes it")
struct ThrottledConnectionCloseTests {
    private static func create(connection: String?) -> String {
        RawRequest.createReport(headers: connection.map { "Connection: \($0)\r\n" } ?? "")
    }

    @Test("429 with Connection: close, then the server hangs up")
    func closesAfterRefusal() async throws {
        try await ServerFixture.with(configure: { configuration, _ in
            configuration.reportCreationLimit = ReportCreationLimit(burst: 1, interval: .seconds(3600))
        }) { fixture in
            let first = try RawConnection(port: fixture.server.port)
            try first.send(Self.create(connection: nil))
            #expect(await first.readResponse()?.status == 201)

            let refused = try RawConnection(port: fixture.server.port)
            try refused.send(Self.create(connection: "close"))
            let response = try #require(await refused.readResponse())
            #expect(response.status == 429)
            #expect(response.headers["connection"]?.lowercased() == "close")
            #expect(response.headers["retry-after"] != nil)
            #expect(await refused.readUntilClosed(limit: .seconds(5)) != nil, "the connection stayed open")
        }
    }

    @Test("a refused keep-alive request leaves its connection open for the next one")
    func keepAliveStaysOpen() async throws {
        try await ServerFixture.with(configure: { configuration, _ in
            configuration.reportCreationLimit = ReportCreationLimit(burst: 1, interval: .seconds(3600))
        }) { fixture in
            let connection = try RawConnection(port: fixture.server.port)
            try connection.send(Self.create(connection: nil))
            #expect(await connection.readResponse()?.status == 201)
            try connection.send(Self.create(connection: nil))
            let refused = try #require(await connection.readResponse())
            #expect(refused.status == 429)
            #expect(refused.headers["connection"] == nil)
            try connection.send("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await connection.readResponse()?.status == 200)
        }
    }
}
