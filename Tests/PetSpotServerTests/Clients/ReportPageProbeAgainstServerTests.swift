// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotServer
import PetSpotTestSupport
import Testing

/// The client's report page probe against the real PetSpot server over loopback.
@Suite("ReportPageProbe against PetSpotServer")
struct ReportPageProbeAgainstServerTests {
    /// These tests check answers, not time: the whole unit suite runs at once
    /// on two cores, and a cold server's first answer once took over the
    /// product's five seconds there.
    static let patientDeadline: Duration = .seconds(60)

    @Test("a known report's page is found, its id encoded as one path segment", arguments: StorageEngineUnderTest.all)
    func known(engine: StorageEngineUnderTest) async throws {
        let ids = ["luna-1", "a b/c?d"]
        try await ServerFixture.with(engine: engine, ids.map { SampleAnnouncements.make(id: $0) }) { fixture in
            let base = fixture.server.baseURL
            let probe = ReportPageProbe(baseURL: base, deadline: Self.patientDeadline)
            let page = await probe.pageURL(forReport: "luna-1")
            #expect(page?.absoluteString == base.absoluteString + "/reports/luna-1")
            let unusual = await probe.pageURL(forReport: "a b/c?d")
            #expect(unusual?.absoluteString == base.absoluteString + "/reports/a%20b%2Fc%3Fd")
        }
    }

    @Test(
        "an unknown report, a backend without pages and no backend give no page", arguments: StorageEngineUnderTest.all)
    func none(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "luna-1")]) { fixture in
            let base = fixture.server.baseURL
            #expect(
                await ReportPageProbe(baseURL: base, deadline: Self.patientDeadline).pageURL(forReport: "unknown")
                    == nil)
            #expect(await ReportPageProbe(baseURL: base, deadline: Self.patientDeadline).pageURL(forReport: "") == nil)
            // Under a prefix the server has no such route: its 404 is the JSON envelope.
            let elsewhere = ReportPageProbe(
                baseURL: base.appendingPathComponent("elsewhere"), deadline: Self.patientDeadline)
            #expect(await elsewhere.pageURL(forReport: "luna-1") == nil)
            #expect(await ReportPageProbe { nil }.pageURL(forReport: "luna-1") == nil)
        }
    }

    @Test("a backend that does not answer gives no page, and does not keep the caller waiting")
    func unreachable() async throws {
        let probe = ReportPageProbe(baseURL: try #require(URL(string: "http://127.0.0.1:9")))
        let started = ContinuousClock.now
        #expect(await probe.pageURL(forReport: "luna-1") == nil)
        // A hang, not a busy machine: the deadline bounds the wait, with room for a loaded CI runner.
        #expect(ContinuousClock.now - started < ReportPageProbe.deadline * 3)
    }
}
