// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("The variant {\"announcements\": [...]} payload")
struct VariantPayloadTests {
    private static let body = """
        {"announcements": [
          {"id": "v1", "petName": "Burek", "species": "DOG", "breed": null, "sex": "MALE", "age": 5,
           "description": null, "microchipNumber": null,
           "location": {"latitude": 50.0647, "longitude": 19.945, "address": "Rynek Główny 1, Kraków"},
           "lastSeenDate": "2025-11-10", "email": null, "phone": "+48 600 000 000", "photoUrl": null,
           "status": "Lost", "reward": null, "createdAt": "2025-11-10T10:00:00Z", "updatedAt": "2025-11-10T10:00:00Z"},
          {"id": "v2", "petName": null, "species": "BIRD", "sex": "UNKNOWN",
           "location": {"latitude": 51, "longitude": 17},
           "lastSeenDate": "2025-11-11", "email": "finder@example.org",
           "status": "Found", "createdAt": "2025-11-11T10:00:00.250Z", "updatedAt": "2025-11-11 10:00:00"},
          {"id": "v3", "species": "CAT", "location": {"latitude": 123, "longitude": 17},
           "lastSeenDate": "2025-11-11", "status": "Found", "createdAt": "2025-11-11T10:00:00Z"},
          {"id": "v4", "species": "CAT", "location": "somewhere",
           "lastSeenDate": "2025-11-11", "status": "Lost", "createdAt": "2025-11-11T10:00:00Z"}
        ]}
        """

    @Test("decodes into the same domain model, nested location and Lost/Found included")
    func decodesVariant() throws {
        let result = try Fixtures.decoder().decodeList(from: Data(Self.body.utf8))
        #expect(result.announcements.map(\.id) == ["v1", "v2"])
        #expect(result.skipped.map(\.id) == ["v3", "v4"])
        #expect(result.skipped.map(\.reason) == [.invalidCoordinates, .invalidCoordinates])

        let burek = result.announcements[0]
        #expect(burek.status == .lost)
        #expect(burek.coordinate == Coordinate(latitude: 50.0647, longitude: 19.945))
        #expect(burek.address == "Rynek Główny 1, Kraków")
        #expect(burek.sex == .male)
        #expect(burek.age == 5)

        let bird = result.announcements[1]
        #expect(bird.status == .found)
        #expect(bird.species == .bird)
        #expect(bird.coordinate == Coordinate(latitude: 51, longitude: 17))
        #expect(bird.address == nil)
        #expect(bird.petName == nil)
    }

    @Test("an item may omit optional keys entirely")
    func missingOptionalKeys() throws {
        let item: JSON = [
            "id": "m1", "species": "RABBIT", "status": "FOUND", "locationLatitude": 1, "locationLongitude": 2,
            "lastSeenDate": "2024-02-29", "createdAt": "2024-02-29T23:59:59Z",
        ]
        let result = try Fixtures.decoder().decodeList(from: Fixtures.listBody([item]))
        let rabbit = try #require(result.announcements.first)
        #expect(rabbit.lastSeenDate == CalendarDay(year: 2024, month: 2, day: 29))
        #expect(rabbit.createdAt == Date(timeIntervalSince1970: 1_709_251_199))
        #expect(rabbit.sex == .unknown)
        #expect(rabbit.updatedAt == nil)
    }
}
