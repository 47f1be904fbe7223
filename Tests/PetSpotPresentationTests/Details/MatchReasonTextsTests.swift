// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotPresentation

/// What a possible match's card says about why it may be the same pet.
@Suite("Possible matches' reasons in words")
struct MatchReasonTextsTests {
    static let english = Locale(identifier: "en_GB")

    @Test(
        "the distance between the two places, as every distance is written",
        arguments: [(1.2345, "1.2 km away"), (0, "0.0 km away"), (9.96, "10.0 km away")])
    func distance(kilometres: Double, text: String) {
        #expect(
            MatchReason.distance(kilometres: kilometres).text(candidateStatus: .found, locale: Self.english) == text)
    }

    @Test("the distance in the locale's numbers")
    func distanceInPolishNumbers() {
        let text = MatchReason.distance(kilometres: 1.25).text(
            candidateStatus: .found, locale: Locale(identifier: "pl_PL"))
        #expect(text.hasPrefix("1,2") || text.hasPrefix("1,3"))
    }

    @Test(
        "days apart say which way, from the report shown to the candidate, with singular and plural",
        arguments: [
            (AnnouncementStatus.found, 2, "found 2 days later"), (.found, 1, "found 1 day later"),
            (.found, -1, "found 1 day earlier"), (.found, -2, "found 2 days earlier"),
            (.lost, -2, "lost 2 days earlier"), (.lost, -1, "lost 1 day earlier"), (.lost, 3, "lost 3 days later"),
            (.lost, 1, "lost 1 day later"), (.found, 0, "same day"), (.lost, 0, "same day"),
        ])
    func daysApart(candidateStatus: AnnouncementStatus, days: Int, text: String) {
        #expect(MatchReason.daysApart(days).text(candidateStatus: candidateStatus, locale: Self.english) == text)
    }

    @Test("extreme day counts never trap")
    func extremeDays() {
        #expect(MatchReason.daysApart(.min).text(candidateStatus: .found).hasPrefix("found "))
        #expect(MatchReason.daysApart(.max).text(candidateStatus: .lost).hasPrefix("lost "))
    }

    @Test(
        "shared colours in words, listed with commas and a final “and”",
        arguments: [
            ([ColourWord.white], "both mention white"), ([.black, .white], "both mention black and white"),
            ([.black, .white, .ginger], "both mention black, white and ginger"),
            ([.grey, .tabby, .spotted, .tricolour], "both mention grey, tabby, spotted and tricolour"),
        ])
    func colours(colours: [ColourWord], text: String) {
        #expect(MatchReason.sharedColours(colours).text(candidateStatus: .found) == text)
    }

    @Test("every colour has a name of its own")
    func colourNames() {
        let names = ColourWord.allCases.map(\.displayName)
        #expect(Set(names).count == ColourWord.allCases.count)
        #expect(names.allSatisfy { !$0.isEmpty && $0 == $0.lowercased() })
    }

    @Test("a match's reasons on one line with middle dots, and with commas for a screen reader")
    func joined() {
        let found = MatchFinderTests.report("found", .found, kilometres: 1.2, day: 17, breed: "Beagle")
        let match = PossibleMatch(
            announcement: found, score: 1,
            reasons: [.distance(kilometres: 1.2), .daysApart(2), .sameBreed, .sharedColours([.white])])
        #expect(
            match.reasonsText(locale: Self.english)
                == "1.2 km away · found 2 days later · same breed · both mention white")
        #expect(
            match.spokenReasons(locale: Self.english)
                == "1.2 km away, found 2 days later, same breed, both mention white")
    }

    @Test("a lost candidate seen from a found report: the finder's reasons read from the found side")
    func fromTheFoundSide() throws {
        let lost = MatchFinderTests.report("lost", .lost, kilometres: 0, day: 15, description: "white paws")
        let found = MatchFinderTests.report("found", .found, kilometres: 2.5, day: 17, description: "Białe łapy")
        let match = try #require(MatchFinder().matches(for: found, among: [lost]).first)
        #expect(match.reasonsText(locale: Self.english) == "2.5 km away · lost 2 days earlier · both mention white")
        let back = try #require(MatchFinder().matches(for: lost, among: [found]).first)
        #expect(back.reasonsText(locale: Self.english) == "2.5 km away · found 2 days later · both mention white")
    }

    @Test("a card with reasons shows them on a line of its own and reads them after its sentence")
    func card() throws {
        let found = MatchFinderTests.report("found", .found, kilometres: 1, day: 16)
        let match = try #require(
            MatchFinder().matches(for: MatchFinderTests.report("lost", .lost, kilometres: 0), among: [found]).first)
        let plain = AnnouncementCard(found, userLocation: nil, locale: Self.english)
        #expect(plain.matchReasons == nil, "other cards have no extra line")
        let card = plain.showingReasons(of: match, locale: Self.english)
        #expect(card.matchReasons == "1.0 km away · found 1 day later")
        #expect(card.accessibleName == plain.accessibleName + "; possible match: 1.0 km away, found 1 day later")
        #expect(card.id == plain.id && card.title == plain.title)
    }
}
