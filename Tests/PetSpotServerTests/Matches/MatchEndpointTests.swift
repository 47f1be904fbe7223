// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("GET /api/v1/announcements/{id}/matches")
struct MatchEndpointTests {
    static let warsaw = (latitude: 52.2297, longitude: 21.0122)

    /// A report `kilometres` from Warsaw's centre along `bearing`, last seen
    /// on `day` of November 2026.
    static func report(
        _ id: String, _ status: String, species: String = "DOG", sex: String = "UNKNOWN", kilometres: Double = 0,
        bearing: Double = 90, day: Int = 15, breed: String? = nil, description: String? = nil
    ) -> WireAnnouncement {
        let place = SampleAnnouncements.destination(
            fromLatitude: warsaw.latitude, longitude: warsaw.longitude, kilometres: kilometres,
            bearingDegrees: bearing)
        var report = SampleAnnouncements.make(
            id: id, petName: nil, species: species, latitude: place.latitude, longitude: place.longitude,
            status: status)
        report.sex = sex
        report.lastSeenDate = String(format: "2026-11-%02d", day)
        report.breed = breed
        report.description = description
        return report
    }

    static func path(_ id: String) -> String { "/api/v1/announcements/\(id)/matches" }

    /// What the details page's matcher finds for `id` among `reports`.
    static func expected(for id: String, among reports: [WireAnnouncement]) throws -> [PossibleMatch] {
        let report = try #require(reports.first { $0.id == id }.flatMap(Announcement.init(wire:)))
        return MatchFinder().matches(for: report, among: reports.compactMap(Announcement.init(wire:)))
    }

    @Test(
        "a lost dog is answered the found dog nearby two days later, with its reasons, and nothing else",
        arguments: StorageEngineUnderTest.all)
    func onlyThePlausibleOne(engine: StorageEngineUnderTest) async throws {
        let lost = Self.report("lost", "MISSING", sex: "MALE", breed: "Labrador", description: "Black, friendly")
        let near = Self.report(
            "near", "FOUND", kilometres: 2, day: 17, breed: "labrador mix", description: "czarny pies, zielona obroża")
        let reports = [
            lost, near,
            Self.report("cat", "FOUND", species: "CAT", kilometres: 1, day: 16),
            Self.report("far", "FOUND", kilometres: 30, day: 16),
            Self.report("female", "FOUND", sex: "FEMALE", kilometres: 1, day: 16),
        ]
        try await ServerFixture.with(engine: engine, reports) { fixture in
            let response = try await fixture.get(Self.path("lost"))
            #expect(response.status == 200)
            #expect(response.contentType?.hasPrefix("application/json") == true)
            let matches = try response.decode(WirePossibleMatchList.self).data
            try #require(matches.count == 1, "body: \(response.text)")
            #expect(matches[0].announcement == near)
            #expect(abs(matches[0].reasons.kilometres - 2) < 0.01)
            #expect(matches[0].reasons.daysApart == 2)
            #expect(matches[0].reasons.sameBreed)
            #expect(matches[0].reasons.sharedColours == ["black"])
            #expect(matches[0].score > 0 && matches[0].score <= 1)
            // The announcement is spelled as the list spells it: every key, nulls included.
            let data = try #require(try response.jsonObject()["data"] as? [[String: Any]])
            let announcement = try #require(data.first?["announcement"] as? [String: Any])
            #expect(announcement.count == 18)
            #expect(announcement["reward"] is NSNull)
        }
    }

    @Test("two matches come likeliest first", arguments: StorageEngineUnderTest.all)
    func likeliestFirst(engine: StorageEngineUnderTest) async throws {
        let reports = [
            Self.report("lost", "MISSING"),
            Self.report("later-and-farther", "FOUND", kilometres: 6, day: 22),
            Self.report("same-day-nearby", "FOUND", kilometres: 1, day: 15),
        ]
        try await ServerFixture.with(engine: engine, reports) { fixture in
            let matches = try await fixture.get(Self.path("lost")).decode(WirePossibleMatchList.self).data
            #expect(matches.map(\.announcement.id) == ["same-day-nearby", "later-and-farther"])
            #expect(matches.count == 2 && matches[0].score > matches[1].score)
        }
    }

    @Test("an unknown id is a 404 NOT_FOUND about the id", arguments: StorageEngineUnderTest.all)
    func unknownID(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine, [Self.report("known", "MISSING")]) { fixture in
            let response = try await fixture.get(Self.path("unknown"))
            #expect(response.status == 404)
            let error = try #require(response.errorBody, "body: \(response.text)")
            #expect(error.code == "NOT_FOUND")
            #expect(error.field == "id")
        }
    }

    @Test("a closed report matches nothing", arguments: StorageEngineUnderTest.all)
    func closedReport(engine: StorageEngineUnderTest) async throws {
        let reports = [
            Self.report("closed", "CLOSED"), Self.report("found", "FOUND", kilometres: 1),
            Self.report("lost", "MISSING", kilometres: 1),
        ]
        try await ServerFixture.with(engine: engine, reports) { fixture in
            let response = try await fixture.get(Self.path("closed"))
            #expect(response.status == 200)
            #expect(response.text == #"{"data":[]}"#)
        }
    }

    @Test("at most the 50 likeliest are answered", arguments: StorageEngineUnderTest.all)
    func cap(engine: StorageEngineUnderTest) async throws {
        let found = (0..<(MatchRoutes.answeredLimit + 10)).map { index in
            Self.report(
                "found-\(index)", "FOUND", kilometres: 0.1 * Double(index + 1), bearing: Double(index * 37 % 360),
                day: 15 + index % 5)
        }
        let reports = [Self.report("lost", "MISSING")] + found
        try await ServerFixture.with(engine: engine, reports) { fixture in
            let matches = try await fixture.get(Self.path("lost")).decode(WirePossibleMatchList.self).data
            #expect(matches.count == MatchRoutes.answeredLimit)
            let expected = try Self.expected(for: "lost", among: reports).prefix(MatchRoutes.answeredLimit)
            #expect(matches.map(\.announcement.id) == expected.map(\.announcement.id))
        }
    }

    /// One of a varied set: statuses, species, sexes, places, days, breeds in
    /// either language and colours in descriptions, so the matcher has much
    /// to accept and refuse.
    static func mixedReport(_ index: Int) -> WireAnnouncement {
        let breeds: [String?] = [nil, "German Shepherd", "owczarek niemiecki", "Labrador", "jamnik"]
        let descriptions: [String?] = [nil, "black and white", "biało-czarna łatka", "ginger, shy", "brązowy"]
        let status: String = index % 3 == 0 ? "MISSING" : (index % 7 == 0 ? "CLOSED" : "FOUND")
        let species: String = index % 5 == 4 ? "CAT" : "DOG"
        let sexes: [String] = ["UNKNOWN", "MALE", "FEMALE"]
        let kilometres: Double = Double(index % 13) * 0.9
        let bearing: Double = Double(index * 53 % 360)
        return report(
            "r\(index)", status, species: species, sex: sexes[index % 3], kilometres: kilometres, bearing: bearing,
            day: 10 + index % 9, breed: breeds[index % breeds.count],
            description: descriptions[index / 2 % descriptions.count])
    }

    @Test(
        "the answer is what the details page's MatchFinder finds among the same reports",
        arguments: StorageEngineUnderTest.all)
    func sameAsTheDetailsPage(engine: StorageEngineUnderTest) async throws {
        let reports = (0..<40).map(Self.mixedReport)
        try await ServerFixture.with(engine: engine, reports) { fixture in
            var compared = 0
            for id in ["r0", "r1", "r2", "r3", "r6", "r9", "r14"] {
                let answered = try await fixture.get(Self.path(id)).decode(WirePossibleMatchList.self).data
                let expected = try Self.expected(for: id, among: reports)
                #expect(answered.map(\.announcement.id) == expected.map(\.announcement.id), "\(id)")
                for (match, finding) in zip(answered, expected) {
                    let reasons = WireMatchReasons(finding.reasons)
                    #expect(abs(match.score - finding.score) < 1e-9, "\(id) → \(match.announcement.id)")
                    #expect(abs(match.reasons.kilometres - reasons.kilometres) < 1e-6)
                    #expect(match.reasons.daysApart == reasons.daysApart)
                    #expect(match.reasons.sameBreed == reasons.sameBreed)
                    #expect(match.reasons.sharedColours == reasons.sharedColours)
                }
                compared += expected.count
            }
            #expect(compared > 10, "the reports must give the matcher something to find")
        }
    }
}
