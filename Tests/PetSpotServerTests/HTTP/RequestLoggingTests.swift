// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotTestSupport
import Testing

@Suite("Request logging")
struct RequestLoggingTests {
    @Test("one info line per request with method, path, status and duration")
    func oneLinePerRequest() async throws {
        let log = RecordingLog()
        try await ServerFixture.with(logger: log.logger) { fixture in
            _ = try await fixture.get("/api/health")
            _ = try await fixture.get("/api/v1/announcements?lat=52&lng=21&range=2.5")
            _ = try await fixture.get("/nope")
        }
        let requestLines = log.entries.filter { $0.level == .info && $0.message.hasSuffix(" ms") }.map(\.message)
        #expect(requestLines.count == 3, "\(requestLines)")
        #expect(requestLines.contains { $0.hasPrefix("GET /api/health 200 ") })
        #expect(requestLines.contains { $0.hasPrefix("GET /api/v1/announcements?lat=52&lng=21&range=2.5 400 ") })
        #expect(requestLines.contains { $0.hasPrefix("GET /nope 404 ") })
    }
}
