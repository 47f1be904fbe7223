// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotClient

/// One way of breaking an otherwise valid item, and the reason it must be skipped for.
struct InvalidItemCase: Sendable, CustomTestStringConvertible {
    let label: String
    let edits: [(String, JSON?)]
    let reason: AnnouncementSkipReason
    var testDescription: String { label }

    init(_ label: String, _ edits: [(String, JSON?)], _ reason: AnnouncementSkipReason) {
        self.label = label
        self.edits = edits
        self.reason = reason
    }

    static let all: [InvalidItemCase] = [
        .init("id missing", [("id", nil)], .missingID),
        .init("id empty", [("id", "")], .missingID),
        .init("id blank", [("id", "   ")], .missingID),
        .init("id null", [("id", .null)], .missingID),
        .init("id a number", [("id", 42)], .missingID),
        .init("species missing", [("species", nil)], .unusableSpecies),
        .init("species null", [("species", .null)], .unusableSpecies),
        .init("species a number", [("species", 3)], .unusableSpecies),
        .init("status missing", [("status", nil)], .unusableStatus),
        .init("status unknown", [("status", "ADOPTED")], .unusableStatus),
        .init("status null", [("status", .null)], .unusableStatus),
        .init("status a number", [("status", 1)], .unusableStatus),
        .init("latitude missing", [("locationLatitude", nil)], .invalidCoordinates),
        .init("longitude null", [("locationLongitude", .null)], .invalidCoordinates),
        .init("latitude above 90", [("locationLatitude", 90.0001)], .invalidCoordinates),
        .init("latitude below -90", [("locationLatitude", -91)], .invalidCoordinates),
        .init("longitude above 180", [("locationLongitude", 180.5)], .invalidCoordinates),
        .init("longitude below -180", [("locationLongitude", -181)], .invalidCoordinates),
        .init("latitude a string", [("locationLatitude", "52.2")], .invalidCoordinates),
        .init("lastSeenDate missing", [("lastSeenDate", nil)], .invalidLastSeenDate),
        .init("lastSeenDate day-first", [("lastSeenDate", "15/11/2025")], .invalidLastSeenDate),
        .init("lastSeenDate impossible day", [("lastSeenDate", "2025-02-30")], .invalidLastSeenDate),
        .init("lastSeenDate month 13", [("lastSeenDate", "2025-13-01")], .invalidLastSeenDate),
        .init("lastSeenDate empty", [("lastSeenDate", "")], .invalidLastSeenDate),
        .init("lastSeenDate a number", [("lastSeenDate", 20_251_115)], .invalidLastSeenDate),
        .init("createdAt missing", [("createdAt", nil)], .invalidCreatedAt),
        .init("createdAt prose", [("createdAt", "yesterday")], .invalidCreatedAt),
        .init("createdAt date only", [("createdAt", "2025-11-15")], .invalidCreatedAt),
        .init("createdAt hour 25", [("createdAt", "2025-11-15T25:00:00Z")], .invalidCreatedAt),
        .init("createdAt trailing junk", [("createdAt", "2025-11-15T12:00:00Zjunk")], .invalidCreatedAt),
        .init("createdAt null", [("createdAt", .null)], .invalidCreatedAt),
    ]
}

@Suite("Per-item validation")
struct ValidationTests {
    @Test(
        "each invalid item is skipped with its reason; its neighbours survive",
        arguments: InvalidItemCase.all)
    func skipsInvalidItem(_ testCase: InvalidItemCase) throws {
        var bad = Fixtures.wireItem(id: "bad")
        for (key, value) in testCase.edits { bad = bad.setting(key, value) }
        let body = Fixtures.listBody([Fixtures.wireItem(id: "before"), bad, Fixtures.wireItem(id: "after")])

        let result = try Fixtures.decoder().decodeList(from: body)

        #expect(result.announcements.map(\.id) == ["before", "after"])
        let skip = try #require(result.skipped.first)
        #expect(result.skipped.count == 1)
        #expect(skip.reason == testCase.reason)
        #expect(skip.index == 1)
        if testCase.reason != .missingID { #expect(skip.id == "bad") }
    }

    @Test(
        "an item that is not an object is skipped, the rest kept",
        arguments: [JSON.int(42), .string("x"), .null, .array([]), .bool(true)])
    func nonObjectItem(item: JSON) throws {
        let body = Fixtures.listBody([Fixtures.wireItem(id: "a"), item, Fixtures.wireItem(id: "b")])
        let result = try Fixtures.decoder().decodeList(from: body)
        #expect(result.announcements.map(\.id) == ["a", "b"])
        #expect(result.skipped == [SkippedAnnouncement(id: nil, index: 1, reason: .notAnObject)])
    }

    @Test("1 000 items with 10 % invalid: exactly 900 survive, in order")
    func thousandItems() throws {
        let reasons = InvalidItemCase.all
        var items: [JSON] = []
        for index in 0..<1000 {
            var item = Fixtures.wireItem(id: "item-\(index)")
            if index % 10 == 3 {
                for (key, value) in reasons[index % reasons.count].edits { item = item.setting(key, value) }
            }
            items.append(item)
        }
        let result = try Fixtures.decoder().decodeList(from: Fixtures.listBody(items))
        #expect(result.announcements.count == 900)
        #expect(result.skipped.count == 100)
        #expect(result.announcements.map(\.id) == (0..<1000).filter { $0 % 10 != 3 }.map { "item-\($0)" })
    }

    @Test("an item where every field has the wrong type is skipped without a crash")
    func everythingWrong() throws {
        let keys = [
            "id", "petName", "species", "breed", "sex", "age", "description", "microchipNumber",
            "locationLatitude", "locationLongitude", "lastSeenDate", "email", "phone", "photoUrl",
            "status", "reward", "createdAt", "updatedAt", "location",
        ]
        let oddValues: [JSON] = [
            .array([.null, .object([])]), .object([("a", .array([]))]), .bool(false),
            .double(-1e308), .int(Int.min), .null,
        ]
        for value in oddValues {
            let item = JSON.object(keys.map { ($0, value) })
            let result = try Fixtures.decoder().decodeList(from: Fixtures.listBody([item, Fixtures.wireItem()]))
            #expect(result.announcements.map(\.id) == ["a1"])
            #expect(result.skipped.count == 1)
        }
    }
}
