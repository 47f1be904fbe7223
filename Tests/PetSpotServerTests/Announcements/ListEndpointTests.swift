// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("GET /api/v1/announcements")
struct ListEndpointTests {
    @Test("an empty database answers exactly {\"data\":[]}", arguments: StorageEngineUnderTest.all)
    func emptyList(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let response = try await fixture.get("/api/v1/announcements")
            #expect(response.status == 200)
            #expect(response.contentType?.hasPrefix("application/json") == true)
            #expect(response.text == #"{"data":[]}"#)
        }
    }

    @Test("lists every announcement in storage (insertion) order, unsorted", arguments: StorageEngineUnderTest.all)
    func storageOrder(engine: StorageEngineUnderTest) async throws {
        let ids = ["zeta", "alpha", "mike", "bravo"]
        try await ServerFixture.with(engine: engine, ids.map { SampleAnnouncements.make(id: $0) }) { fixture in
            let list = try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self)
            #expect(list.data.map(\.id) == ids)
        }
    }

    @Test("round-trips every field of an announcement", arguments: StorageEngineUnderTest.all)
    func roundTrip(engine: StorageEngineUnderTest) async throws {
        let full = WireAnnouncement(
            id: "full-1", petName: "Żako", species: "BIRD", breed: "African Grey", sex: "MALE",
            age: 15, description: String(repeating: "Long text. ", count: 90),
            microchipNumber: "616093900123456", locationLatitude: 50.0617, locationLongitude: 19.9373,
            lastSeenDate: "2026-10-30", email: "zako@example.com", phone: "555-PETS",
            photoUrl: "/images/bird.png", status: "FOUND", reward: "500 PLN",
            createdAt: "2026-10-30T10:00:00.123Z", updatedAt: "2026-11-04 15:20:00"
        )
        try await ServerFixture.with(engine: engine, [full]) { fixture in
            let list = try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self)
            #expect(list.data == [full])
        }
    }

    @Test("every key is present, with null for missing values", arguments: StorageEngineUnderTest.all)
    func everyKeyPresent(engine: StorageEngineUnderTest) async throws {
        let sparse = WireAnnouncement(
            id: "sparse", petName: nil, species: "OTHER", breed: nil, sex: "UNKNOWN", age: nil,
            description: nil, microchipNumber: nil, locationLatitude: 1, locationLongitude: 2,
            lastSeenDate: "2026-11-01", email: nil, phone: "555-0100", photoUrl: nil,
            status: "MISSING", reward: nil, createdAt: "2026-11-01T00:00:00Z", updatedAt: "2026-11-01T00:00:00Z"
        )
        try await ServerFixture.with(engine: engine, [sparse]) { fixture in
            let json = try await fixture.get("/api/v1/announcements").jsonObject()
            let items = try #require(json["data"] as? [[String: Any]])
            let item = try #require(items.first)
            let expectedKeys: Set<String> = [
                "id", "petName", "species", "breed", "sex", "age", "description", "microchipNumber",
                "locationLatitude", "locationLongitude", "lastSeenDate", "email", "phone", "photoUrl",
                "status", "reward", "createdAt", "updatedAt",
            ]
            #expect(Set(item.keys) == expectedKeys)
            for key in ["petName", "breed", "age", "description", "microchipNumber", "email", "photoUrl", "reward"] {
                #expect(item[key] is NSNull, "\(key) should be null")
            }
        }
    }

    @Test("photo URLs are written without escaped slashes", arguments: StorageEngineUnderTest.all)
    func readablePhotoURLs(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [SampleAnnouncements.make(id: "p", photoUrl: "/images/cat.png")]) {
            fixture in
            let text = try await fixture.get("/api/v1/announcements").text
            #expect(text.contains(#""photoUrl":"/images/cat.png""#))
        }
    }
}
