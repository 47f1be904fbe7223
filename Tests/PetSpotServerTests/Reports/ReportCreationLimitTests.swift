// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotServer

/// New reports are limited per client address: each costs a slow password
/// hash, and creating one needs no credentials. The allowance is lowered here;
/// the default is in `ReportCreationLimit`.
@Suite("New reports are limited per client address")
struct ReportCreationLimitTests {
    /// A server allowing `burst` new reports per address, and no more for an hour.
    private static func withAllowance(
        _ burst: Int, engine: StorageEngineUnderTest, _ body: (ServerFixture) async throws -> Void
    ) async throws {
        try await ServerFixture.with(
            engine: engine,
            configure: { configuration, _ in
                configuration.reportCreationLimit = ReportCreationLimit(burst: burst, interval: .seconds(3600))
            }, body)
    }

    @Test(
        "a flood from one address gets 429 with Retry-After past its allowance; another address still creates",
        arguments: StorageEngineUnderTest.all)
    func floodFromOneAddress(engine: StorageEngineUnderTest) async throws {
        try await Self.withAllowance(3, engine: engine) { fixture in
            let request = RawRequest.createReport()
            let connections = try (0..<20).map { _ in try RawConnection(port: fixture.server.port) }
            for connection in connections { try connection.send(request) }
            var responses: [RawResponse] = []
            for connection in connections { responses.append(try #require(await connection.readResponse())) }
            #expect(responses.filter { $0.status == 201 }.count == 3, "\(responses.map(\.status))")
            let refused = responses.filter { $0.status == 429 }
            #expect(refused.count == 17)
            for response in refused {
                #expect(String(decoding: response.body, as: UTF8.self).contains(#""code":"TOO_MANY_REQUESTS""#))
                let retryAfter = try #require(Int(response.headers["retry-after"] ?? ""))
                #expect((3000...3600).contains(retryAfter))
            }

            let other = try RawConnection(port: fixture.server.port, from: "127.0.0.2")
            try other.send(request)
            #expect(await other.readResponse()?.status == 201, "another address was refused too")
            let health = try await fixture.get("/api/health").jsonObject()
            #expect(health["announcements"] as? Int == 4)
        }
    }

    @Test(
        "a request naming the route in absolute form (http://host/api/…) counts against the allowance too",
        arguments: StorageEngineUnderTest.all)
    func absoluteFormIsLimited(engine: StorageEngineUnderTest) async throws {
        try await Self.withAllowance(1, engine: engine) { fixture in
            let request = RawRequest.createReport()
            let first = try RawConnection(port: fixture.server.port)
            try first.send(request)
            #expect(await first.readResponse()?.status == 201)
            let absolute = request.replacingOccurrences(
                of: "POST /api/v1/announcements",
                with: "POST http://127.0.0.1:\(fixture.server.port)/api/v1/announcements?x=1")
            let second = try RawConnection(port: fixture.server.port)
            try second.send(absolute)
            #expect(await second.readResponse()?.status == 429, "the router would have created it")
        }
    }
}
