// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotServer

/// Guesses at a report's management password are limited to ten per window,
/// counted before any hashing, so guesses sent all at once get no further
/// than guesses sent one by one.
@Suite("Password guesses are limited however they arrive")
struct PasswordGuessLimitTests {
    /// A photo upload whose body does not matter: it is refused before it is read.
    static func upload(id: String, password: String) -> String {
        RawRequest.post(
            "/api/v1/announcements/\(id)/photos", contentType: "multipart/form-data; boundary=b",
            headers: "Authorization: \(PhotoUploadTests.basic("petspot", password))\r\n", body: "--b--\r\n")
    }

    @Test(
        "100 wrong passwords at once: ten are hashed and 401, the rest 429 unhashed; then the right one is 429 too",
        arguments: StorageEngineUnderTest.all)
    func concurrentGuesses(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(
            engine: engine,
            configure: { configuration, _ in
                // Hashing slow enough that guesses overlap, as they would against the real cost.
                configuration.passwordHashing = PasswordHashing(iterations: 20_000)
                // All hundred guesses come from this one address.
                configuration.connectionLimits.maximumConnectionsPerAddress = 200
            }
        ) { fixture in
            let (_, id, password) = try await fixture.createReport()
            let wrong = password == "000000" ? "000001" : "000000"
            let connections = try (0..<100).map { _ in try RawConnection(port: fixture.server.port) }
            for connection in connections { try connection.send(Self.upload(id: id, password: wrong)) }
            var statuses: [Int] = []
            for connection in connections { statuses.append(await connection.readResponse()?.status ?? 0) }
            #expect(statuses.filter { $0 == 401 }.count == 10, "\(statuses)")
            #expect(statuses.filter { $0 == 429 }.count == 90, "\(statuses)")
            #expect(fixture.server.passwordVerifications == 10)

            let right = try RawConnection(port: fixture.server.port)
            try right.send(Self.upload(id: id, password: password))
            let refused = try #require(await right.readResponse())
            #expect(refused.status == 429)
            #expect(String(decoding: refused.body, as: UTF8.self).contains("TOO_MANY_ATTEMPTS"))
            #expect(fixture.server.passwordVerifications == 10, "the right password was not hashed either")
        }
    }
}
