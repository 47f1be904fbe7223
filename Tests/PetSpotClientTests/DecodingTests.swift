// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotClient

@Suite("Decoding the contract's list and details bodies")
struct DecodingTests {
    private func decodeOne(_ item: JSON) throws -> Announcement {
        let result = try Fixtures.decoder().decodeList(from: Fixtures.listBody([item]))
        #expect(result.skipped.isEmpty, "unexpected skips: \(result.skipped)")
        return try #require(result.announcements.first)
    }

    @Test("a complete item maps every field")
    func completeItem() throws {
        let luna = try decodeOne(Fixtures.wireItem())
        #expect(luna.id == "a1")
        #expect(luna.petName == "Luna")
        #expect(luna.species == .cat)
        #expect(luna.breed == "Tabby")
        #expect(luna.sex == .female)
        #expect(luna.age == 3)
        #expect(luna.description == "Grey tabby with a white patch.")
        #expect(luna.microchipNumber == "616093900012345")
        #expect(luna.coordinate == Coordinate(latitude: 52.2297, longitude: 21.0122))
        #expect(luna.lastSeenDate == CalendarDay(year: 2025, month: 11, day: 15))
        #expect(luna.email == "owner@example.org")
        #expect(luna.phone == "555-PETS")
        #expect(luna.photoURL?.absoluteString == "http://127.0.0.1:3000/images/luna.jpg")
        #expect(luna.status == .lost)
        #expect(luna.reward == "500 PLN")
        #expect(luna.createdAt == Date(timeIntervalSince1970: 1_763_209_800))
        #expect(luna.updatedAt == Date(timeIntervalSince1970: 1_763_280_000))
        #expect(luna.address == nil)
    }

    @Test(
        "createdAt in every ISO 8601 shape the contract allows",
        arguments: [
            ("2025-11-15T12:30:00Z", 1_763_209_800.0),
            ("2025-11-15T12:30:00.000Z", 1_763_209_800.0),
            ("2025-11-15T12:30:00.123Z", 1_763_209_800.123),
            ("2025-11-15T12:30:00.123456Z", 1_763_209_800.123456),
            ("2025-11-15T13:30:00+01:00", 1_763_209_800.0),
            ("2025-11-15T07:30:00-0500", 1_763_209_800.0),
            ("2025-11-15T12:30Z", 1_763_209_800.0),
            ("2025-11-15T12:30:00", 1_763_209_800.0),
        ])
    func createdAtShapes(text: String, expected: Double) throws {
        let item = try decodeOne(Fixtures.wireItem(createdAt: .string(text)))
        #expect(abs(item.createdAt.timeIntervalSince1970 - expected) < 0.000_5)
    }

    @Test(
        "updatedAt as ISO 8601 or space-separated UTC",
        arguments: [
            ("2025-11-16 08:00:00", 1_763_280_000.0),
            ("2025-11-16T08:00:00Z", 1_763_280_000.0),
            ("2025-11-16T08:00:00.500Z", 1_763_280_000.5),
        ])
    func updatedAtShapes(text: String, expected: Double) throws {
        let item = try decodeOne(Fixtures.wireItem().setting("updatedAt", .string(text)))
        #expect(item.updatedAt?.timeIntervalSince1970 == expected)
    }

    @Test(
        "an unparseable or missing updatedAt is unknown, not a reason to skip",
        arguments: [JSON.string("last Tuesday"), .null, .int(5), .string("")])
    func updatedAtUnknown(value: JSON) throws {
        let item = try decodeOne(Fixtures.wireItem().setting("updatedAt", value))
        #expect(item.updatedAt == nil)
    }

    @Test("updatedAt before createdAt is tolerated")
    func updatedBeforeCreated() throws {
        let item = try decodeOne(Fixtures.wireItem().setting("updatedAt", "2020-01-01 00:00:00"))
        #expect(item.updatedAt == Date(timeIntervalSince1970: 1_577_836_800))
    }

    @Test(
        "petName null or blank has no name",
        arguments: [JSON.null, .string(""), .string("   ")])
    func noName(value: JSON) throws {
        let item = try decodeOne(Fixtures.wireItem(petName: value))
        #expect(item.petName == nil)
    }

    @Test(
        "species: known values in any case, unknown ones become Other",
        arguments: [
            ("DOG", Species.dog), ("cat", .cat), ("Bird", .bird), ("RABBIT", .rabbit),
            ("OTHER", .other), ("HAMSTER", .other), ("", .other),
        ])
    func species(text: String, expected: Species) throws {
        #expect(try decodeOne(Fixtures.wireItem(species: .string(text))).species == expected)
    }

    @Test(
        "status: MISSING/FOUND/CLOSED and the variant's Lost/Found, any case",
        arguments: [
            ("MISSING", AnnouncementStatus.lost), ("FOUND", .found), ("CLOSED", .closed),
            ("Lost", .lost), ("found", .found), ("missing", .lost),
        ])
    func status(text: String, expected: AnnouncementStatus) throws {
        #expect(try decodeOne(Fixtures.wireItem(status: .string(text))).status == expected)
    }

    @Test(
        "sex values, unknown ones become Unknown",
        arguments: [("MALE", Sex.male), ("FEMALE", .female), ("UNKNOWN", .unknown), ("X", .unknown)])
    func sex(text: String, expected: Sex) throws {
        #expect(try decodeOne(Fixtures.wireItem().setting("sex", .string(text))).sex == expected)
    }

    @Test(
        "coordinates as JSON integers or floats, bounds included",
        arguments: [
            (JSON.int(52), JSON.int(21), 52.0, 21.0),
            (.double(52.5), .double(-0.25), 52.5, -0.25),
            (.int(90), .int(-180), 90.0, -180.0),
            (.double(-90.0), .double(180.0), -90.0, 180.0),
        ])
    func coordinates(latitude: JSON, longitude: JSON, expectedLatitude: Double, expectedLongitude: Double) throws {
        let item = try decodeOne(
            Fixtures.wireItem().setting("locationLatitude", latitude).setting("locationLongitude", longitude))
        #expect(item.coordinate.latitude == expectedLatitude)
        #expect(item.coordinate.longitude == expectedLongitude)
    }

    @Test("optional fields of the wrong type are dropped, the item is kept")
    func wrongTypedOptionals() throws {
        let item = try decodeOne(
            Fixtures.wireItem()
                .setting("petName", 5).setting("breed", ["x"]).setting("age", "three")
                .setting("description", ["nested": true]).setting("email", false)
                .setting("photoUrl", 7).setting("sex", 1).setting("reward", .object([])))
        #expect(item.petName == nil)
        #expect(item.breed == nil)
        #expect(item.age == nil)
        #expect(item.description == nil)
        #expect(item.email == nil)
        #expect(item.photoURL == nil)
        #expect(item.sex == .unknown)
        #expect(item.reward == nil)
    }

    @Test("numbers where the contract has free text are kept as text")
    func numericText() throws {
        let item = try decodeOne(
            Fixtures.wireItem().setting("microchipNumber", 123_456).setting("phone", 5_550_100).setting("age", 2.0))
        #expect(item.microchipNumber == "123456")
        #expect(item.phone == "5550100")
        #expect(item.age == 2)
    }

    @Test("an empty list decodes to nothing")
    func emptyList() throws {
        let result = try Fixtures.decoder().decodeList(from: Data(#"{"data": []}"#.utf8))
        #expect(result.announcements.isEmpty)
        #expect(result.skipped.isEmpty)
    }

    @Test("a body encoded from WireAnnouncement (what our server sends) decodes")
    func wireAnnouncementRoundTrip() throws {
        let wire = WireAnnouncement(
            id: "w1", petName: nil, species: "DOG", breed: nil, sex: "MALE", age: nil,
            description: nil, microchipNumber: nil, locationLatitude: 50.0647, locationLongitude: 19.945,
            lastSeenDate: "2025-10-01", email: nil, phone: "555-0100", photoUrl: nil, status: "FOUND",
            reward: nil, createdAt: "2025-10-01T09:00:00.000Z", updatedAt: "2025-10-01 09:00:00")
        let body = try JSONEncoder().encode(WireAnnouncementList(data: [wire]))
        let result = try Fixtures.decoder().decodeList(from: body)
        let item = try #require(result.announcements.first)
        #expect(item.id == "w1")
        #expect(item.species == .dog)
        #expect(item.status == .found)
        #expect(item.petName == nil)
        #expect(item.photoURL == nil)
    }

    @Test("a details body is a bare object")
    func detailBody() throws {
        let item = try Fixtures.decoder().decodeDetail(from: Data(Fixtures.wireItem(id: "d1").data))
        #expect(item.id == "d1")
        #expect(item.petName == "Luna")
    }

    @Test("a details body whose item is invalid is an error naming the reason")
    func invalidDetail() {
        let body = Data(Fixtures.wireItem(id: "d2", status: "ADOPTED").data)
        #expect(throws: AnnouncementDecodingError.invalidAnnouncement(id: "d2", reason: .unusableStatus)) {
            try Fixtures.decoder().decodeDetail(from: body)
        }
    }

    @Test(
        "a details body that is not an object is malformed",
        arguments: ["[]", "42", "\"text\"", "null", "", "{", "<html></html>"])
    func malformedDetail(body: String) {
        #expect {
            try Fixtures.decoder().decodeDetail(from: Data(body.utf8))
        } throws: { error in
            guard case .malformedBody = error as? AnnouncementDecodingError else { return false }
            return true
        }
    }
}
