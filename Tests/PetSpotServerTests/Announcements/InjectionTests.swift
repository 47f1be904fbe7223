// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("Quotes and SQL fragments in parameters change nothing")
struct InjectionTests {
    static let hostileValues = [
        "x' OR '1'='1",
        "'; DROP TABLE announcements; --",
        "\" OR \"\"=\"",
        "1; DELETE FROM announcements",
    ]

    private func count(_ fixture: ServerFixture) async throws -> Int {
        try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self).data.count
    }

    @Test("as an id: 404, and the table keeps every row", arguments: StorageEngineUnderTest.all, hostileValues)
    func hostileId(engine: StorageEngineUnderTest, _ value: String) async throws {
        let seed = (1...3).map { SampleAnnouncements.make(id: "pet-\($0)") }
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let before = try await count(fixture)
            let encoded = try #require(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let response = try await fixture.get("/api/v1/announcements/\(encoded)")
            #expect(response.status == 404)
            #expect(response.errorBody?.code == "NOT_FOUND")
            #expect(try await count(fixture) == before)
            #expect(before == 3)
        }
    }

    @Test(
        "as lat, lng or range: 400, and the table keeps every row", arguments: StorageEngineUnderTest.all, hostileValues
    )
    func hostileQuery(engine: StorageEngineUnderTest, _ value: String) async throws {
        let seed = (1...3).map { SampleAnnouncements.make(id: "pet-\($0)") }
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let encoded = try #require(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            for query in ["lat=\(encoded)&lng=21", "lat=52&lng=\(encoded)", "lat=52&lng=21&range=\(encoded)"] {
                let response = try await fixture.get("/api/v1/announcements?\(query)")
                #expect(response.status == 400, "\(query)")
                #expect(response.errorBody?.code == "INVALID_PARAMETER")
            }
            #expect(try await count(fixture) == 3)
        }
    }

    @Test("an id that looks like SQL is stored and found like any other string", arguments: StorageEngineUnderTest.all)
    func sqlLookingIdIsData(engine: StorageEngineUnderTest) async throws {
        let id = "'; DROP TABLE announcements; --"
        try await ServerFixture.with(
            engine: engine, [SampleAnnouncements.make(id: id), SampleAnnouncements.make(id: "plain")]
        ) {
            fixture in
            let encoded = try #require(id.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let response = try await fixture.get("/api/v1/announcements/\(encoded)")
            #expect(response.status == 200)
            #expect(try response.decode(WireAnnouncement.self).id == id)
            #expect(try await count(fixture) == 2)
        }
    }
}
