// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("GET /api/v1/announcements?limit=: keyset pages, filters and cursors")
struct PagedListTests {
    /// `{"data": [...], "next": ..., "total": n}` as sent.
    struct Page: Decodable {
        var data: [WireAnnouncement]
        var next: String?
        var total: Int
        var totalExact: Bool
    }

    /// A report created `minutes` (and `milliseconds`) after a fixed
    /// instant; `withoutFraction` writes a whole second as `…:00Z` rather
    /// than `…:00.000Z` (both are the contract's, and sort as the same instant).
    static func report(
        _ id: String, minutes: Int, milliseconds: Int = 0, withoutFraction: Bool = false, status: String = "MISSING",
        species: String = "CAT", petName: String? = "Luna", breed: String? = nil, latitude: Double = 52.2297,
        longitude: Double = 21.0122
    ) -> WireAnnouncement {
        var report = SampleAnnouncements.make(
            id: id, petName: petName, species: species, latitude: latitude, longitude: longitude, status: status)
        report.breed = breed
        let instant: Int64 = 1_795_000_000_000 + Int64(minutes) * 60_000 + Int64(milliseconds)
        let text = WireTimestamp.string(milliseconds: instant)
        report.createdAt = withoutFraction ? text.replacingOccurrences(of: ".000Z", with: "Z") : text
        return report
    }

    private func page(_ fixture: ServerFixture, _ query: String) async throws -> Page {
        let response = try await fixture.get("/api/v1/announcements?\(query)")
        try #require(response.status == 200, "\(query): \(response.status) \(response.text)")
        return try response.decode(Page.self)
    }

    /// Every page from the first, following `next`; the totals seen on the way.
    private func allPages(_ fixture: ServerFixture, _ query: String) async throws -> (ids: [String], pages: [Page]) {
        var pages: [Page] = []
        var current = try await page(fixture, query)
        pages.append(current)
        while let next = current.next, pages.count < 100 {
            current = try await page(fixture, "\(query)&after=\(next)")
            pages.append(current)
        }
        return (pages.flatMap { $0.data.map(\.id) }, pages)
    }

    private func expectRefused(
        _ fixture: ServerFixture, _ query: String, field: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let response = try await fixture.get("/api/v1/announcements?\(query)")
        #expect(response.status == 400, "\(query): \(response.text)", sourceLocation: sourceLocation)
        #expect(response.errorBody?.code == "INVALID_PARAMETER", "\(query)", sourceLocation: sourceLocation)
        #expect(response.errorBody?.field == field, "\(query): \(response.text)", sourceLocation: sourceLocation)
    }

    @Test(
        "250 reports in pages of 100: each once, newest first (ties by id), total 250, next null at the end",
        arguments: StorageEngineUnderTest.all)
    func pagesThroughEverything(engine: StorageEngineUnderTest) async throws {
        // Scrambled storage order; pairs share an instant written two ways
        // ("…:00Z", "…:00.000Z"), so the instant orders them, not the text, and ids break ties.
        let seed = (0..<250).map { index in
            let number = index * 97 % 250
            return Self.report(
                String(format: "r%03d", number), minutes: number / 2, withoutFraction: number.isMultiple(of: 2))
        }
        let expected = seed.sorted {
            let (left, right) = (WireTimestamp.milliseconds($0.createdAt)!, WireTimestamp.milliseconds($1.createdAt)!)
            return left != right ? left > right : $0.id > $1.id
        }.map(\.id)
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let newest = try await allPages(fixture, "limit=100")
            #expect(newest.ids == expected)
            #expect(newest.pages.map(\.data.count) == [100, 100, 50])
            #expect(newest.pages.map(\.total) == [250, 250, 250])
            #expect(newest.pages.last?.next == nil)

            let oldest = try await allPages(fixture, "limit=100&sort=oldest")
            #expect(oldest.ids == expected.reversed())
            #expect(oldest.pages.map(\.total) == [250, 250, 250])
        }
    }

    @Test("status, species, q and the area filter the pages and their total", arguments: StorageEngineUnderTest.all)
    func filters(engine: StorageEngineUnderTest) async throws {
        let near = SampleAnnouncements.destination(
            fromLatitude: 52.2297, longitude: 21.0122, kilometres: 3, bearingDegrees: 40)
        let far = SampleAnnouncements.destination(
            fromLatitude: 52.2297, longitude: 21.0122, kilometres: 30, bearingDegrees: 40)
        let seed = [
            Self.report("a", minutes: 1, status: "FOUND", species: "DOG", petName: "Łatka", breed: "Labrador"),
            Self.report("b", minutes: 2, status: "MISSING", species: "DOG", petName: "Rex", breed: "Beagle"),
            Self.report("c", minutes: 3, status: "FOUND", species: "CAT", petName: "Mruczek", breed: "Żółta pręgowana"),
            Self.report(
                "d", minutes: 4, status: "CLOSED", species: "DOG", petName: nil, breed: "labrador mix",
                latitude: far.latitude, longitude: far.longitude),
            Self.report(
                "e", minutes: 5, status: "FOUND", species: "DOG", petName: "Burek", breed: nil,
                latitude: near.latitude, longitude: near.longitude),
            Self.report(
                "f", minutes: 6, status: "MISSING", species: "BIRD", petName: "Ćwir", breed: nil,
                latitude: far.latitude, longitude: far.longitude),
        ]
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let cases: [(query: String, ids: [String])] = [
                ("status=FOUND", ["e", "c", "a"]),
                ("status=found", ["e", "c", "a"]),
                ("status=CLOSED", ["d"]),
                ("species=DOG", ["e", "d", "b", "a"]),
                ("species=DOG&status=FOUND", ["e", "a"]),
                ("q=latka", ["a"]),
                ("q=%20LABRADOR%20", ["d", "a"]),
                ("q=zolta", ["c"]),
                ("q=cwir", ["f"]),
                ("q=nothing", []),
                ("lat=52.2297&lng=21.0122&range=10", ["e", "c", "b", "a"]),
                ("lat=52.2297&lng=21.0122&range=10&species=DOG&status=FOUND", ["e", "a"]),
                ("sort=oldest&species=DOG", ["a", "b", "d", "e"]),
            ]
            for (query, ids) in cases {
                let result = try await allPages(fixture, "limit=1&\(query)")
                #expect(result.ids == ids, "\(query)")
                #expect(result.pages.allSatisfy { $0.total == ids.count }, "\(query): \(result.pages.map(\.total))")
            }
        }
    }

    @Test("sort=nearest: by distance from lat/lng within range, then by id", arguments: StorageEngineUnderTest.all)
    func nearest(engine: StorageEngineUnderTest) async throws {
        let centre = (latitude: 50.0647, longitude: 19.9450)
        let distances: [(id: String, kilometres: Double, bearing: Double)] = [
            ("k4", 4, 10), ("k1", 1, 200), ("k9", 9, 300), ("k2", 2, 90), ("k7", 7, 45), ("k3", 3, 130),
            ("k12", 12, 0), ("k5", 5, 250),
        ]
        let seed = distances.enumerated().map { index, point in
            let spot = SampleAnnouncements.destination(
                fromLatitude: centre.latitude, longitude: centre.longitude, kilometres: point.kilometres,
                bearingDegrees: point.bearing)
            return Self.report(point.id, minutes: index, latitude: spot.latitude, longitude: spot.longitude)
        }
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let result = try await allPages(
                fixture, "limit=3&sort=nearest&lat=\(centre.latitude)&lng=\(centre.longitude)&range=10")
            #expect(result.ids == ["k1", "k2", "k3", "k4", "k5", "k7", "k9"])
            #expect(result.pages.map(\.total) == [7, 7, 7])
            #expect(result.pages.last?.next == nil)
        }
    }

    @Test(
        "sort=nearest: 300 reports from the centre to past the edge come page by page in distance order, each once",
        arguments: StorageEngineUnderTest.all)
    func nearestAcrossTheArea(engine: StorageEngineUnderTest) async throws {
        let centre = (latitude: 53.1235, longitude: 18.0084)
        // Distances 30 m apart from 0.01 to 8.98 km, in a scrambled order and all directions; range 8.
        let seed = (0..<300).map { index in
            let step = index * 83 % 300
            let point = SampleAnnouncements.destination(
                fromLatitude: centre.latitude, longitude: centre.longitude,
                kilometres: 0.01 + Double(step) * 0.03, bearingDegrees: Double(step * 47 % 360))
            return Self.report(
                String(format: "n%03d", step), minutes: index, latitude: point.latitude, longitude: point.longitude)
        }
        let inside = (0..<300).filter { 0.01 + Double($0) * 0.03 < 8 }.map { String(format: "n%03d", $0) }
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let result = try await allPages(
                fixture, "limit=20&sort=nearest&lat=\(centre.latitude)&lng=\(centre.longitude)&range=8")
            #expect(result.ids == inside)
            let bound = AnnouncementPageRequest.areaTotalCountedUpTo
            let total = (min(inside.count, bound), inside.count < bound)
            #expect(result.pages.allSatisfy { ($0.total, $0.totalExact) == total })
        }
    }

    @Test(
        "sort=nearest: many reports at one spot, and a few sharing a distance across a page's end, come once each by id",
        arguments: StorageEngineUnderTest.all)
    func nearestTies(engine: StorageEngineUnderTest) async throws {
        let centre = (latitude: 51.1079, longitude: 17.0385)
        let spot = SampleAnnouncements.destination(
            fromLatitude: centre.latitude, longitude: centre.longitude, kilometres: 2, bearingDegrees: 70)
        // 120 at one spot (more than a batch's allowance for ties), 45 at
        // distinct distances before them, 6 sharing one spot where the first page ends.
        var seed = (0..<120).map { index in
            Self.report(
                String(format: "s%03d", 119 - index), minutes: index, latitude: spot.latitude, longitude: spot.longitude
            )
        }
        seed += (0..<45).map { index in
            let point = SampleAnnouncements.destination(
                fromLatitude: centre.latitude, longitude: centre.longitude, kilometres: 0.01 + Double(index) * 0.02,
                bearingDegrees: Double(index * 37 % 360))
            return Self.report("d\(index)", minutes: 200 + index, latitude: point.latitude, longitude: point.longitude)
        }
        let edge = SampleAnnouncements.destination(
            fromLatitude: centre.latitude, longitude: centre.longitude, kilometres: 0.95, bearingDegrees: 10)
        seed += ["e5", "e2", "e4", "e1", "e6", "e3"].enumerated().map { index, id in
            Self.report(id, minutes: 300 + index, latitude: edge.latitude, longitude: edge.longitude)
        }
        let expected =
            (0..<45).map { "d\($0)" } + ["e1", "e2", "e3", "e4", "e5", "e6"]
            + (0..<120).map { String(format: "s%03d", $0) }
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let result = try await allPages(
                fixture, "limit=48&sort=nearest&lat=\(centre.latitude)&lng=\(centre.longitude)&range=5")
            #expect(result.ids == expected)
            let bound = AnnouncementPageRequest.areaTotalCountedUpTo
            #expect(result.pages.allSatisfy { ($0.total, $0.totalExact) == (min(171, bound), 171 < bound) })
        }
    }

    @Test(
        "sort=nearest: a first page where more reports than the count's bound share the nearest spot comes by id",
        arguments: StorageEngineUnderTest.all)
    func nearestFirstPageAtOneCrowdedSpot(engine: StorageEngineUnderTest) async throws {
        let centre = (latitude: 50.0647, longitude: 19.9450)
        let crowd = AnnouncementPageRequest.areaTotalCountedUpTo + 30
        let spot = SampleAnnouncements.destination(
            fromLatitude: centre.latitude, longitude: centre.longitude, kilometres: 0.3, bearingDegrees: 200)
        // Stored in the reverse of id order, so storage order cannot pass for id order.
        var seed = (0..<crowd).map { index in
            Self.report(
                String(format: "c%03d", crowd - 1 - index), minutes: index, latitude: spot.latitude,
                longitude: spot.longitude)
        }
        let far = SampleAnnouncements.destination(
            fromLatitude: centre.latitude, longitude: centre.longitude, kilometres: 1, bearingDegrees: 20)
        seed.append(Self.report("f0", minutes: crowd, latitude: far.latitude, longitude: far.longitude))
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let area = "lat=\(centre.latitude)&lng=\(centre.longitude)&range=5"
            let first = try await page(fixture, "limit=20&sort=nearest&\(area)")
            #expect(first.data.map(\.id) == (0..<20).map { String(format: "c%03d", $0) })
            #expect(first.total == AnnouncementPageRequest.areaTotalCountedUpTo && !first.totalExact)
            let result = try await allPages(fixture, "limit=20&sort=nearest&\(area)")
            #expect(result.ids == (0..<crowd).map { String(format: "c%03d", $0) } + ["f0"])
        }
    }

    @Test(
        "an area's total is counted up to its bound: past it the page says so; the pages still hold every report",
        arguments: StorageEngineUnderTest.all)
    func areaTotalIsBounded(engine: StorageEngineUnderTest) async throws {
        let bound = AnnouncementPageRequest.areaTotalCountedUpTo
        let centre = (latitude: 54.3520, longitude: 18.6466)
        // The bound and a few more inside 5 km, some of them dogs; a few more just outside.
        let seed = (0..<(bound + 30)).map { index in
            let inside = index < bound + 5
            let point = SampleAnnouncements.destination(
                fromLatitude: centre.latitude, longitude: centre.longitude,
                kilometres: inside ? Double(index % 490) / 100 : 5.02, bearingDegrees: Double(index * 7 % 360))
            return Self.report(
                String(format: "a%04d", index), minutes: index, species: index % 100 == 0 ? "DOG" : "CAT",
                latitude: point.latitude, longitude: point.longitude)
        }
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let area = "lat=\(centre.latitude)&lng=\(centre.longitude)&range=5"
            for sort in ["newest", "nearest"] {
                let first = try await page(fixture, "limit=100&sort=\(sort)&\(area)")
                #expect(first.total == bound && !first.totalExact, "\(sort)")
                let dogs = try await page(fixture, "limit=100&sort=\(sort)&species=DOG&\(area)")
                let insideDogs = (0..<(bound + 5)).filter { $0 % 100 == 0 }.count
                #expect(dogs.total == insideDogs && dogs.totalExact && dogs.data.count == insideDogs, "\(sort)")
            }
            let everything = try await allPages(fixture, "limit=100&sort=nearest&\(area)")
            #expect(everything.ids.count == bound + 5)
            #expect(Set(everything.ids).count == bound + 5)
            let unbounded = try await page(fixture, "limit=1")
            #expect(unbounded.total == bound + 30 && unbounded.totalExact)
        }
    }

    @Test(
        "a report created between pages neither repeats nor shifts the next page", arguments: StorageEngineUnderTest.all
    )
    func stableWhileReportsAreAdded(engine: StorageEngineUnderTest) async throws {
        let seed = (0..<10).map { Self.report("s\($0)", minutes: $0) }
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let first = try await page(fixture, "limit=4")
            #expect(first.data.map(\.id) == ["s9", "s8", "s7", "s6"])
            _ = try await fixture.createReport(ReportBody.valid.without("microchipNumber"))
            let next = try #require(first.next)
            let second = try await page(fixture, "limit=4&after=\(next)")
            #expect(second.data.map(\.id) == ["s5", "s4", "s3", "s2"])
            #expect(second.total == 11)
            let again = try await page(fixture, "limit=4")
            #expect(again.data.count == 4)
            #expect(again.data.dropFirst().map(\.id) == ["s9", "s8", "s7"])
        }
    }

    @Test(
        "a cursor changed in one character, garbage, or one made for other filters or sort is a 400 naming after",
        arguments: StorageEngineUnderTest.all)
    func refusedCursors(engine: StorageEngineUnderTest) async throws {
        let seed = (0..<6).map {
            Self.report("c\($0)", minutes: $0, status: $0.isMultiple(of: 2) ? "FOUND" : "MISSING")
        }
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let cursor = try #require(try await page(fixture, "limit=2").next)
            #expect(try await page(fixture, "limit=2&after=\(cursor)").data.map(\.id) == ["c3", "c2"])
            var flipped = Array(cursor)
            for position in [0, flipped.count / 2, flipped.count - 1] {
                var changed = flipped
                changed[position] = changed[position] == "A" ? "B" : "A"
                try await expectRefused(fixture, "limit=2&after=\(String(changed))", field: "after")
            }
            flipped.removeLast()
            try await expectRefused(fixture, "limit=2&after=\(String(flipped))", field: "after")
            for garbage in ["garbage", "%21%21%21", "AAAA", String(repeating: "A", count: 120), "a%3D%3D", ""] {
                try await expectRefused(fixture, "limit=2&after=\(garbage)", field: "after")
            }
            for otherFiltersOrSort in ["status=FOUND", "sort=oldest", "q=luna", "lat=52.2297&lng=21.0122"] {
                try await expectRefused(fixture, "limit=2&\(otherFiltersOrSort)&after=\(cursor)", field: "after")
            }
            // The limit may change between pages.
            #expect(try await page(fixture, "limit=3&after=\(cursor)").data.map(\.id) == ["c3", "c2", "c1"])
        }
    }

    @Test("limit, sort, status and species out of their rules are a 400 naming the parameter")
    func refusedParameters() async throws {
        try await ServerFixture.with(engine: .sqlite, [Self.report("x", minutes: 0)]) { fixture in
            for limit in ["0", "101", "abc", "-1", "", "1.5", "%2B5", "99999999999999999999"] {
                try await expectRefused(fixture, "limit=\(limit)", field: "limit")
            }
            try await expectRefused(fixture, "limit=1&limit=2", field: "limit")
            let refused: [(parameters: String, field: String)] = [
                ("sort=random", "sort"), ("sort=nearest", "sort"), ("status=LOST", "status"),
                ("species=FISH", "species"),
                ("lat=91&lng=0", "lat"), ("q=a&q=b", "q"), ("q=lu%00na", "q"),
            ]
            for (parameters, field) in refused {
                try await expectRefused(fixture, "limit=5&\(parameters)", field: field)
            }
            #expect(try await page(fixture, "limit=100").data.map(\.id) == ["x"])
            #expect(try await page(fixture, "limit=1").next == nil)
        }
    }

    @Test(
        "without limit the answer is the plain list, byte for byte, whatever else is asked",
        arguments: StorageEngineUnderTest.all)
    func withoutLimitIsThePlainList(engine: StorageEngineUnderTest) async throws {
        let seed = (0..<5).map { Self.report("p\($0)", minutes: 5 - $0, status: $0 == 2 ? "FOUND" : "MISSING") }
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let plain = try await fixture.get("/api/v1/announcements")
            #expect(plain.text.hasPrefix(#"{"data":[{"#))
            for query in ["status=FOUND&sort=oldest&q=x&species=DOG", "after=garbage&sort=random", "status=LOST"] {
                let response = try await fixture.get("/api/v1/announcements?\(query)")
                #expect(response.status == 200)
                #expect(response.body == plain.body, "\(query)")
            }
            let area = try await fixture.get("/api/v1/announcements?lat=52.2297&lng=21.0122")
            let areaSorted = try await fixture.get("/api/v1/announcements?lat=52.2297&lng=21.0122&sort=nearest")
            #expect(areaSorted.body == area.body)
            #expect(area.body == plain.body)
        }
    }

    @Test("a page's reports are written exactly as the plain list writes them", arguments: StorageEngineUnderTest.all)
    func pageEncodesAsTheList(engine: StorageEngineUnderTest) async throws {
        let seed = [Self.report("only", minutes: 1, petName: "Żako", breed: "Grey / African")]
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let plain = try await fixture.get("/api/v1/announcements").text
            let paged = try await fixture.get("/api/v1/announcements?limit=10").text
            let item = String(plain.dropFirst(#"{"data":["#.count).dropLast(2))
            #expect(paged == #"{"data":[\#(item)],"next":null,"total":1,"totalExact":true}"#)
        }
    }

    @Test(
        "the cursor key is made once and read back the same by every opener of the database",
        arguments: StorageEngineUnderTest.all)
    func cursorKeyIsShared(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(engine: engine) { fixture in
            let first = try await fixture.openDatabase()
            let second = try await fixture.openDatabase()
            async let one = first.cursorKey()
            async let two = second.cursorKey()
            let (a, b) = try await (one, two)
            #expect(a.count == 32)
            #expect(a == b)
            #expect(try await first.cursorKey() == a)
            try await first.close()
            try await second.close()
        }
    }
}
