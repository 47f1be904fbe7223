// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("GET /api/v1/announcements/{id}")
struct DetailEndpointTests {
    @Test("answers the bare announcement, without a wrapper", arguments: StorageEngineUnderTest.all)
    func bareObject(engine: StorageEngineUnderTest) async throws {
        let luna = SampleAnnouncements.make(id: "luna-1")
        try await ServerFixture.with(engine: engine, [luna, SampleAnnouncements.make(id: "other")]) { fixture in
            let response = try await fixture.get("/api/v1/announcements/luna-1")
            #expect(response.status == 200)
            #expect(try response.jsonObject()["data"] == nil)
            #expect(try response.decode(WireAnnouncement.self) == luna)
        }
    }

    @Test("an unknown id is a 404 NOT_FOUND envelope", arguments: StorageEngineUnderTest.all)
    func unknownId(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "known")]) { fixture in
            let response = try await fixture.get("/api/v1/announcements/unknown")
            #expect(response.status == 404)
            let error = try #require(response.errorBody, "body: \(response.text)")
            #expect(error.code == "NOT_FOUND")
            #expect(!error.requestId.isEmpty)
            #expect(error.field == nil)
        }
    }

    @Test(
        "ids with spaces, slashes and non-ASCII letters work when percent-encoded",
        arguments: StorageEngineUnderTest.all)
    func unusualIds(engine: StorageEngineUnderTest) async throws {
        let ids = ["a b/c", "Żako?#1", "x%y"]
        try await ServerFixture.with(engine: engine, ids.map { SampleAnnouncements.make(id: $0) }) { fixture in
            for id in ids {
                let encoded = try #require(id.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
                let response = try await fixture.get("/api/v1/announcements/\(encoded)")
                #expect(response.status == 200, "\(id)")
                #expect(try response.decode(WireAnnouncement.self).id == id)
            }
        }
    }
}
