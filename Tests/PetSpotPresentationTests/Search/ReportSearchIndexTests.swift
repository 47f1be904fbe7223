// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// GNOME Shell's search terms over a list of reports: names, breeds, species
/// and statuses in English and Polish, every term matching.
@Suite struct ReportSearchIndexTests {
    static let reports = [
        Fixtures.announcement("luna", name: "Luna", breed: "Labrador", species: .dog, status: .lost),
        Fixtures.announcement("latka", name: "Łatka", breed: "Owczarek niemiecki", species: .dog, status: .found),
        Fixtures.announcement("mruczek", name: "Mruczek", breed: "Maine Coon", species: .cat, status: .lost),
        Fixtures.announcement("rex", name: "Rex", breed: "German Shepherd", species: .dog, status: .closed),
        Fixtures.announcement("unnamed", breed: nil, species: .rabbit, status: .found),
    ]
    let index = ReportSearchIndex(reports)

    func ids(_ terms: String...) -> [String] { index.search(terms).map(\.id) }

    @Test func aNameMatchesWhateverItsCaseAndDiacritics() {
        #expect(ids("luna") == ["luna"])
        #expect(ids("LATKA") == ["latka"])
        #expect(ids("łat") == ["latka"])
        #expect(ids("mrucz") == ["mruczek"])
    }

    @Test func speciesAndStatusesMatchInEnglishAndPolish() {
        #expect(Set(ids("dog")) == ["luna", "latka", "rex"])
        #expect(Set(ids("pies")) == ["luna", "latka", "rex"])
        #expect(ids("kot") == ["mruczek"])
        #expect(Set(ids("zaginiony")) == ["luna", "mruczek"])
        #expect(Set(ids("lost")) == ["luna", "mruczek"])
        #expect(Set(ids("znaleziona")) == ["latka", "unnamed"])
        #expect(ids("królik") == ["unnamed"])
        #expect(ids("zamkniete") == ["rex"])
    }

    @Test func everyTermMustMatch() {
        #expect(ids("zaginiony", "pies") == ["luna"])
        #expect(ids("lost", "cat") == ["mruczek"])
        #expect(ids("luna", "kot").isEmpty)
        #expect(ids("zaginiony pies") == ["luna"], "a term holding spaces is its words")
    }

    @Test func aKnownBreedMatchesUnderEitherLanguagesName() {
        #expect(Set(ids("owczarek")) == ["latka", "rex"])
        #expect(Set(ids("german", "shepherd")) == ["latka", "rex"])
        #expect(ids("coon") == ["mruczek"])
    }

    @Test func openReportsComeBeforeClosedOnes() {
        let reports = [
            Fixtures.announcement("closed", name: "Burek", status: .closed),
            Fixtures.announcement("open", name: "Burek", status: .lost),
        ]
        #expect(ReportSearchIndex(reports).search(["burek"]).map(\.id) == ["open", "closed"])
    }

    @Test func theAnswerIsLimited() {
        let reports = (0..<500).map { Fixtures.announcement("r\($0)", name: "Burek \($0)") }
        #expect(ReportSearchIndex(reports).search(["burek"]).count == ReportSearchIndex.resultLimit)
    }

    @Test func nothingToSearchForOrTooMuchFindsNothing() {
        #expect(ids().isEmpty)
        #expect(ids("").isEmpty)
        #expect(ids("  \t\n ").isEmpty)
        #expect(ids(String(repeating: "a", count: ReportSearchIndex.maximumSearchLength + 1)).isEmpty)
        let many = Array(repeating: "l", count: ReportSearchIndex.maximumSearchLength + 1)
        #expect(index.search(many).isEmpty)
    }

    @Test(arguments: [
        "\u{0}", "luna\u{0}", "%s%n", "'; DROP TABLE reports; --", "<b>luna</b>", "\u{202E}anul", "🐶", "e\u{301}",
        "\u{FFFD}", String(repeating: "\u{301}", count: 150), "ﬀ", "İstanbul", "ß",
    ])
    func hostileTermsAnswerWithoutCrashing(_ term: String) {
        let found = index.search([term])
        #expect(found.count <= Self.reports.count)
        #expect(!found.contains { $0.id == "unnamed" })
    }

    @Test func plainASCIIFoldsAsTheReportsSearchFoldsIt() {
        let ascii = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        #expect(ReportSearchIndex.fold(ascii) == SearchMatcher.fold(ascii))
        #expect(ReportSearchIndex.fold("Łatka Żółć") == SearchMatcher.fold("Łatka Żółć"))
    }

    @Test func idsAreLookedUpInTheOrderAskedAndUnknownOnesLeftOut() {
        #expect(index.announcements(ids: ["rex", "nobody", "luna", ""]).map(\.id) == ["rex", "luna"])
    }

    @Test func aHundredThousandReportsAnswerWellWithinTheShellsPatience() {
        let species = Species.allCases
        let statuses = AnnouncementStatus.allCases
        let reports = (0..<100_000).map { number in
            Fixtures.announcement(
                "r\(number)", name: "Pet \(number) Żółć", breed: number % 7 == 0 ? "Owczarek niemiecki" : "Mieszaniec",
                species: species[number % species.count], status: statuses[number % statuses.count])
        }
        let index = ReportSearchIndex(reports)
        let clock = ContinuousClock()
        var found: [Announcement] = []
        let elapsed = clock.measure {
            found = index.search(["zaginiony", "pies", "shepherd", "99"])
        }
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.status == .lost && $0.species == .dog })
        // A generous bound for loaded CI machines; the real figure is in petspot-bench.
        #expect(elapsed < .seconds(1), "took \(elapsed)")
        let nothing = clock.measure { _ = index.search(["nothing-like-this"]) }
        #expect(nothing < .seconds(1), "took \(nothing)")
    }
}
