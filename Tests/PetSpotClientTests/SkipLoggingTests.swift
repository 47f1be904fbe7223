// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotClient

@Suite("Skipped items are logged once per (id, reason)")
struct SkipLoggingTests {
    @Test("refreshing the same bad data does not repeat warnings")
    func logsOnce() throws {
        let recorder = RecordingLog()
        let decoder = AnnouncementDecoder(
            baseURL: Fixtures.baseURL, logger: recorder.logger, logOnce: LogOnceRegistry())
        let body = Fixtures.listBody([
            Fixtures.wireItem(id: "x", status: "ADOPTED"),
            Fixtures.wireItem(id: "y").setting("locationLatitude", 200),
            Fixtures.wireItem(id: "ok"),
        ])

        _ = try decoder.decodeList(from: body)
        _ = try decoder.decodeList(from: body)
        _ = try decoder.decodeList(from: body)

        let warnings = recorder.messages(at: .warning)
        #expect(warnings.count == 2)
        #expect(warnings.contains { $0.contains("x") && $0.contains("status") })
        #expect(warnings.contains { $0.contains("y") && $0.contains("coordinates") })
    }

    @Test("the same id with a new reason is logged again")
    func newReasonLogs() throws {
        let recorder = RecordingLog()
        let decoder = AnnouncementDecoder(
            baseURL: Fixtures.baseURL, logger: recorder.logger, logOnce: LogOnceRegistry())
        _ = try decoder.decodeList(from: Fixtures.listBody([Fixtures.wireItem(id: "x", status: "ADOPTED")]))
        _ = try decoder.decodeList(from: Fixtures.listBody([Fixtures.wireItem(id: "x", createdAt: "soon")]))
        #expect(recorder.messages(at: .warning).count == 2)
    }

    @Test("updatedAt before createdAt is noted below warning level, once")
    func updatedBeforeCreatedIsQuiet() throws {
        let recorder = RecordingLog()
        let decoder = AnnouncementDecoder(
            baseURL: Fixtures.baseURL, logger: recorder.logger, logOnce: LogOnceRegistry())
        let body = Fixtures.listBody([Fixtures.wireItem().setting("updatedAt", "2001-01-01 00:00:00")])
        _ = try decoder.decodeList(from: body)
        _ = try decoder.decodeList(from: body)
        #expect(recorder.messages(at: .warning).isEmpty)
        #expect(recorder.messages(at: .debug).count == 1)
    }

    @Test("the registry is bounded")
    func bounded() {
        let registry = LogOnceRegistry(capacity: 2)
        #expect(registry.isFirstOccurrence(of: "a"))
        #expect(!registry.isFirstOccurrence(of: "a"))
        #expect(registry.isFirstOccurrence(of: "b"))
        #expect(!registry.isFirstOccurrence(of: "c"))
    }
}
