// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotServer
import Testing

/// Requests too malformed for the router still get the error envelope.
@Suite("Requests the HTTP parser rejects")
struct MalformedRequestTests {
    @Test(
        "are answered 400 BAD_REQUEST with the envelope, and the connection is closed",
        arguments: [
            "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon in this header\r\n\r\n",
            "\u{1}\u{2}\u{3} not http at all\r\n\r\n",
            "GET /api/health HTTP/9.9.9\r\n\r\n",
        ])
    func malformed(_ request: String) async throws {
        try await ServerFixture.with { fixture in
            let connection = try RawConnection(port: fixture.server.port)
            try connection.send(request)
            let received = try #require(await connection.readUntilClosed(), "the server kept the connection open")
            let response = try #require(RawResponse(parsing: received), "not an HTTP response: \(received)")
            #expect(response.status == 400)
            #expect(response.headers["connection"] == "close")
            #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
            let error = try JSONDecoder().decode(WireErrorEnvelope.self, from: response.body).error
            #expect(error.code == "BAD_REQUEST")
            #expect(!error.requestId.isEmpty)
        }
    }

    @Test("a good request before a malformed one on the same connection is answered")
    func goodThenMalformed() async throws {
        try await ServerFixture.with { fixture in
            let connection = try RawConnection(port: fixture.server.port)
            try connection.send("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(await connection.readResponse()?.status == 200)
            try connection.send("GET /api/health HTTP/1.1\r\nbroken header\r\n\r\n")
            let received = try #require(await connection.readUntilClosed())
            #expect(RawResponse(parsing: received)?.status == 400)
        }
    }
}
