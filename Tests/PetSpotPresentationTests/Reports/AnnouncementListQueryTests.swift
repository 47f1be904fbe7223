// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@Suite("Applying a list query")
struct AnnouncementListQueryTests {
    private let warsaw = Coordinate(latitude: 52.2297, longitude: 21.0122)!

    @Test("Home: the 5 newest, newest first")
    func home() {
        let input = (0..<8).map { Fixtures.announcement("a\($0)", minutes: Double([3, 7, 1, 0, 6, 2, 5, 4][$0])) }
        let ids = AnnouncementListQuery.home.apply(to: input).map(\.id)
        #expect(ids == ["a1", "a4", "a6", "a7", "a0"])
    }

    @Test("Home with fewer than 5 shows them all", arguments: [0, 1, 4, 5])
    func fewerThanFive(count: Int) {
        let input = (0..<count).map { Fixtures.announcement("a\($0)", minutes: Double($0)) }
        let result = AnnouncementListQuery.home.apply(to: input)
        #expect(result.count == count)
        #expect(result.map(\.id) == input.reversed().map(\.id))
    }

    @Test(
        "a short limit selects exactly the first results of the full order, ties by input order",
        arguments: [1, 5, 17, AnnouncementListQuery.selectionLimit])
    func shortLimitAgreesWithTheFullSort(limit: Int) {
        // Few distinct times and places: many ties, which must keep their input order.
        let statuses: [AnnouncementStatus] = [.lost, .found, .closed]
        let input = (0..<300).map { (index: Int) -> Announcement in
            let minutes = Double((index * 37) % 23)
            let latitude = 50 + Double((index * 13) % 11) / 10
            let longitude = 20 + Double((index * 5) % 7) / 10
            return Fixtures.announcement(
                "a\(index)", status: statuses[(index * 7) % 3], minutes: minutes, latitude: latitude,
                longitude: longitude)
        }
        for sort in AnnouncementListQuery.Sort.allCases {
            for filter in AnnouncementListQuery.StatusFilter.allCases {
                let everything = AnnouncementListQuery(sort: sort, statusFilter: filter, userLocation: warsaw)
                var limited = everything
                limited.limit = limit
                #expect(
                    limited.apply(to: input).map(\.id) == everything.apply(to: input).prefix(limit).map(\.id),
                    "\(sort), \(filter)")
            }
        }
    }

    @Test("full list: everything, newest first")
    func fullList() {
        let input = (0..<12).map { Fixtures.announcement("a\($0)", minutes: Double($0 % 5)) }
        let result = AnnouncementListQuery.fullList.apply(to: input)
        #expect(result.count == 12)
        #expect(zip(result, result.dropFirst()).allSatisfy { $0.createdAt >= $1.createdAt })
    }

    @Test("oldest first")
    func oldest() {
        let input = [
            Fixtures.announcement("b", minutes: 2), Fixtures.announcement("a", minutes: 1),
            Fixtures.announcement("c", minutes: 3),
        ]
        #expect(AnnouncementListQuery(sort: .oldest).apply(to: input).map(\.id) == ["a", "b", "c"])
    }

    @Test(
        "equal timestamps keep their input order",
        arguments: [
            AnnouncementListQuery.Sort.newest, .oldest, .nearest,
        ])
    func stableTies(sort: AnnouncementListQuery.Sort) {
        let input = (0..<50).map { Fixtures.announcement("t\($0)", minutes: 10) }
        let query = AnnouncementListQuery(sort: sort, userLocation: sort == .nearest ? warsaw : nil)
        #expect(query.apply(to: input).map(\.id) == input.map(\.id))
    }

    @Test("ties keep input order among otherwise sorted items")
    func stableMixed() {
        let input = [
            Fixtures.announcement("x1", minutes: 1), Fixtures.announcement("y1", minutes: 2),
            Fixtures.announcement("x2", minutes: 1), Fixtures.announcement("y2", minutes: 2),
        ]
        #expect(AnnouncementListQuery.fullList.apply(to: input).map(\.id) == ["y1", "y2", "x1", "x2"])
        #expect(AnnouncementListQuery(sort: .oldest).apply(to: input).map(\.id) == ["x1", "x2", "y1", "y2"])
    }

    @Test(
        "status filter; All includes closed",
        arguments: [
            (AnnouncementListQuery.StatusFilter.all, ["lost", "found", "closed"]),
            (.lost, ["lost"]),
            (.found, ["found"]),
        ] as [(AnnouncementListQuery.StatusFilter, [String])])
    func statusFilter(filter: AnnouncementListQuery.StatusFilter, expected: [String]) {
        let input = [
            Fixtures.announcement("lost", status: .lost, minutes: 3),
            Fixtures.announcement("found", status: .found, minutes: 2),
            Fixtures.announcement("closed", status: .closed, minutes: 1),
        ]
        #expect(AnnouncementListQuery(statusFilter: filter).apply(to: input).map(\.id) == expected)
    }

    @Test(
        "search matches name or breed, ignoring case, diacritics and surrounding spaces",
        arguments: [
            ("luna", ["luna"]),
            ("  LUNA ", ["luna"]),
            ("zolw", ["zolw"]),
            ("Żółw", ["zolw"]),
            ("mops", ["breed"]),
            ("MOPS", ["breed"]),
            ("creme", ["creme"]),
            ("u", ["luna"]),
            ("o", ["zolw", "breed", "osaka"]),
            ("latka", ["latka"]),
            ("", ["luna", "zolw", "breed", "creme", "osaka", "latka", "anon"]),
            ("   ", ["luna", "zolw", "breed", "creme", "osaka", "latka", "anon"]),
            ("rex", []),
        ] as [(String, [String])])
    func search(text: String, expected: [String]) {
        let input = [
            Fixtures.announcement("luna", name: "Luna", minutes: 5),
            Fixtures.announcement("zolw", name: "Żółwik", minutes: 4),
            Fixtures.announcement("breed", name: "Bolek", breed: "Mops", minutes: 3),
            Fixtures.announcement("creme", name: "Crème", minutes: 2),
            Fixtures.announcement("osaka", name: "Ōsaka", minutes: 1),
            Fixtures.announcement("latka", name: "ŁATKA", minutes: 0),
            Fixtures.announcement("anon", minutes: -1),
        ]
        let query = AnnouncementListQuery(searchText: text)
        #expect(query.apply(to: input).map(\.id) == expected)
        // A fetch's snapshot searches names and breeds folded once, with the same results.
        let snapshot = AnnouncementSnapshot(
            generation: 1, announcements: input, formattedCards: FormattedCards(userLocation: nil, locale: .current))
        #expect(snapshot.presentInline(query).announcements.map(\.id) == expected)
        #expect(snapshot.presentInline(query).announcements.map(\.id) == expected, "and again, from the folded fields")
    }

    @Test("filter, search and limit combine")
    func combined() {
        var input: [Announcement] = []
        for index in 0..<20 {
            let name = index % 2 == 0 ? "Pimpek" : "Azor"
            let status: AnnouncementStatus = index % 3 == 0 ? .found : .lost
            input.append(Fixtures.announcement("p\(index)", name: name, status: status, minutes: Double(index)))
        }
        let query = AnnouncementListQuery(limit: 3, statusFilter: .lost, searchText: "pim")
        #expect(query.apply(to: input).map(\.id) == ["p16", "p14", "p10"])
    }

    @Test("nearest sorts by distance from the user")
    func nearest() {
        let input = [
            Fixtures.announcement("krakow", latitude: 50.0647, longitude: 19.945),
            Fixtures.announcement("here", latitude: 52.23, longitude: 21.01),
            Fixtures.announcement("gdansk", latitude: 54.352, longitude: 18.6466),
        ]
        let query = AnnouncementListQuery(sort: .nearest, userLocation: warsaw)
        #expect(query.effectiveSort == .nearest)
        #expect(query.apply(to: input).map(\.id) == ["here", "krakow", "gdansk"])
    }

    @Test("nearest without a location falls back to newest")
    func nearestWithoutLocation() {
        let input = [
            Fixtures.announcement("old", minutes: 1, latitude: 52.23, longitude: 21.01),
            Fixtures.announcement("new", minutes: 9, latitude: 54.352, longitude: 18.6466),
        ]
        let query = AnnouncementListQuery(sort: .nearest)
        #expect(query.effectiveSort == .newest)
        #expect(query.apply(to: input).map(\.id) == ["new", "old"])
    }

    @Test("a zero or negative limit gives nothing", arguments: [0, -1])
    func zeroLimit(limit: Int) {
        #expect(AnnouncementListQuery(limit: limit).apply(to: [Fixtures.announcement("a")]).isEmpty)
    }
}
