// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// Which reports may be the same pet, and in what order.
@Suite("Possible matches between lost and found reports")
struct MatchFinderTests {
    static let warsaw = (latitude: 52.2297, longitude: 21.0122)

    /// A report `kilometres` east of Warsaw's centre, last seen on `day` of November 2026.
    static func report(
        _ id: String, _ status: AnnouncementStatus, species: Species = .dog, sex: Sex = .unknown,
        kilometres: Double = 1, day: Int = 15, breed: String? = nil, description: String? = nil
    ) -> Announcement {
        let place = SampleAnnouncements.destination(
            fromLatitude: warsaw.latitude, longitude: warsaw.longitude, kilometres: kilometres, bearingDegrees: 90)
        return Announcement(
            id: id, species: species, breed: breed, sex: sex, description: description,
            coordinate: Coordinate(latitude: place.latitude, longitude: place.longitude)!,
            lastSeenDate: CalendarDay(year: 2026, month: 11, day: day)!, status: status,
            createdAt: Date(timeIntervalSince1970: 0))
    }

    static let lostDog = report("lost", .lost, kilometres: 0)

    static func ids(_ matches: [PossibleMatch]) -> [String] { matches.map(\.announcement.id) }

    @Test("a lost report is matched with found ones only, never closed, lost or itself")
    func oppositeStatusOnly() {
        let candidates = [
            Self.report("found", .found), Self.report("closed", .closed), Self.report("other-lost", .lost),
            Self.lostDog,
        ]
        #expect(Self.ids(MatchFinder().matches(for: Self.lostDog, among: candidates)) == ["found"])
    }

    @Test("a found report is matched with lost ones; a closed report with nothing")
    func bothDirections() {
        let found = Self.report("found", .found)
        #expect(Self.ids(MatchFinder().matches(for: found, among: [Self.lostDog, found])) == ["lost"])
        let closed = Self.report("closed", .closed)
        #expect(MatchFinder().matches(for: closed, among: [Self.lostDog, found]).isEmpty)
    }

    @Test("another species is never a match")
    func sameSpecies() {
        let candidates = [Self.report("cat", .found, species: .cat), Self.report("dog", .found)]
        #expect(Self.ids(MatchFinder().matches(for: Self.lostDog, among: candidates)) == ["dog"])
    }

    @Test(
        "a known sex that differs excludes; an unknown sex on either side never does",
        arguments: [
            (Sex.female, Sex.male, false), (.female, .female, true), (.female, .unknown, true),
            (.unknown, .male, true), (.unknown, .unknown, true),
        ])
    func sex(reportSex: Sex, candidateSex: Sex, matches: Bool) {
        let lost = Self.report("lost", .lost, sex: reportSex, kilometres: 0)
        let found = Self.report("found", .found, sex: candidateSex)
        #expect(!MatchFinder().matches(for: lost, among: [found]).isEmpty == matches)
        #expect(!MatchFinder().matches(for: found, among: [lost]).isEmpty == matches, "the reverse")
    }

    @Test("within 10 km by default, and the distance is a reason")
    func distance() throws {
        let candidates = [Self.report("near", .found, kilometres: 9.9), Self.report("far", .found, kilometres: 10.1)]
        let matches = MatchFinder().matches(for: Self.lostDog, among: candidates)
        #expect(Self.ids(matches) == ["near"])
        let reason = try #require(matches.first?.reasons.first)
        guard case .distance(let kilometres) = reason else {
            Issue.record("first reason is \(reason)")
            return
        }
        #expect(abs(kilometres - 9.9) < 0.01)
        var wider = MatchFinder()
        wider.maximumKilometres = 20
        #expect(Self.ids(wider.matches(for: Self.lostDog, among: candidates)) == ["near", "far"])
    }

    @Test(
        "a found pet seen up to 2 days before the lost one's date still matches, earlier does not, in both directions",
        arguments: [(13, true), (12, false), (15, true), (30, true)])
    func timeWindow(foundDay: Int, matches: Bool) {
        let lost = Self.report("lost", .lost, kilometres: 0, day: 15)
        let found = Self.report("found", .found, day: foundDay)
        #expect(!MatchFinder().matches(for: lost, among: [found]).isEmpty == matches)
        #expect(!MatchFinder().matches(for: found, among: [lost]).isEmpty == matches, "the reverse")
    }

    @Test("days apart run from the report to the candidate")
    func daysApartReason() {
        let found = Self.report("found", .found, day: 17)
        let fromLost = MatchFinder().matches(for: Self.lostDog, among: [found])
        #expect(fromLost.first?.reasons.contains(.daysApart(2)) == true)
        let fromFound = MatchFinder().matches(for: found, among: [Self.lostDog])
        #expect(fromFound.first?.reasons.contains(.daysApart(-2)) == true)
    }

    @Test(
        "breeds agree when every word of one is in the other, folded, whatever says mixed",
        arguments: [
            ("Golden Retriever", "golden retriever mix", true), ("Owczarek Podhalański", "owczarek podhalanski", true),
            ("Beagle", "Beagle-type", true), ("Beagle", "Border Collie", false), ("mix", "Beagle", false),
            ("Border Collie", "Collie", true),
        ])
    func breed(lostBreed: String, foundBreed: String, same: Bool) {
        let lost = Self.report("lost", .lost, kilometres: 0, breed: lostBreed)
        let found = Self.report("found", .found, breed: foundBreed)
        let reasons = MatchFinder().matches(for: lost, among: [found]).first?.reasons ?? []
        #expect(reasons.contains(.sameBreed) == same)
    }

    @Test("colours both descriptions mention, in English or Polish in any ending, are reasons")
    func colours() {
        let lost = Self.report(
            "lost", .lost, kilometres: 0, description: "Black and white dog with a grey muzzle; red collar.")
        let found = Self.report(
            "found", .found, description: "Czarno-biały pies, siwy pysk. Biała łatka na piersi, czarnego koloru uszy.")
        let reasons = MatchFinder().matches(for: lost, among: [found]).first?.reasons ?? []
        #expect(reasons.contains(.sharedColours([.black, .white])))
    }

    @Test("words that only look like colours are not colours: a dog's name, years, longer English words")
    func colourLookAlikes() {
        #expect(ColourWord.mentioned(inFolded: SearchMatcher.fold("Burek ma 5 lat, reddish? no, blacksmith's")).isEmpty)
    }

    @Test("nearer, closer in time, same breed and shared colours rank higher; ties go to the nearer, then the id")
    func ranking() {
        let candidates = [
            Self.report("far-late", .found, kilometres: 8, day: 30),
            Self.report("near-soon", .found, kilometres: 1, day: 16),
            Self.report("near-soon-same-breed", .found, kilometres: 1, day: 16, breed: "Beagle"),
            Self.report("b-twin", .found, kilometres: 2, day: 16),
            Self.report("a-twin", .found, kilometres: 2, day: 16),
        ]
        let lost = Self.report("lost", .lost, kilometres: 0, breed: "Beagle")
        #expect(
            Self.ids(MatchFinder().matches(for: lost, among: candidates)) == [
                "near-soon-same-breed", "near-soon", "a-twin", "b-twin", "far-late",
            ])
    }

    @Test("hostile text: huge, control characters, no letters, only separators")
    func hostileText() {
        let huge = String(repeating: "czarny\u{0}\u{202E}🐕 ", count: 20_000)
        let found = Self.report("found", .found, breed: String(repeating: "-", count: 10_000), description: huge)
        let lost = Self.report("lost", .lost, kilometres: 0, breed: "", description: "\u{0}\u{0}black")
        let reasons = MatchFinder().matches(for: lost, among: [found]).first?.reasons ?? []
        #expect(reasons.contains(.sharedColours([.black])))
        #expect(!reasons.contains(.sameBreed))
    }
}
