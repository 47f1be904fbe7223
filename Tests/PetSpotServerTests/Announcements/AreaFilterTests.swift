// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("Region filter: lat, lng, range (Haversine, distance < range)")
struct AreaFilterTests {
    static let warsaw = (latitude: 52.2297, longitude: 21.0122)

    private func point(
        _ id: String, kilometres: Double, bearing: Double,
        from centre: (latitude: Double, longitude: Double) = warsaw
    ) -> WireAnnouncement {
        let spot = SampleAnnouncements.destination(
            fromLatitude: centre.latitude, longitude: centre.longitude,
            kilometres: kilometres, bearingDegrees: bearing
        )
        return SampleAnnouncements.make(id: id, latitude: spot.latitude, longitude: spot.longitude)
    }

    private func ids(_ fixture: ServerFixture, _ query: String) async throws -> [String] {
        let response = try await fixture.get("/api/v1/announcements?\(query)")
        #expect(response.status == 200, "\(query): \(response.text)")
        return try response.decode(WireAnnouncementList.self).data.map(\.id)
    }

    @Test(
        "items just inside the range are returned, just outside are not, in every direction",
        arguments: StorageEngineUnderTest.all)
    func justInsideAndOutside(engine: StorageEngineUnderTest) async throws {
        var seed: [WireAnnouncement] = []
        for bearing in stride(from: 0.0, to: 360.0, by: 45.0) {
            seed.append(point("in-\(Int(bearing))", kilometres: 9.95, bearing: bearing))
            seed.append(point("out-\(Int(bearing))", kilometres: 10.05, bearing: bearing))
        }
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let found = try await ids(fixture, "lat=\(Self.warsaw.latitude)&lng=\(Self.warsaw.longitude)&range=10")
            #expect(found == seed.map(\.id).filter { $0.hasPrefix("in-") })
        }
    }

    @Test("range defaults to 5 km when lat and lng are given", arguments: StorageEngineUnderTest.all)
    func defaultRange(engine: StorageEngineUnderTest) async throws {
        let seed = [
            point("at-4.9", kilometres: 4.9, bearing: 30),
            point("at-5.1", kilometres: 5.1, bearing: 210),
            point("at-50", kilometres: 50, bearing: 90),
        ]
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let found = try await ids(fixture, "lat=\(Self.warsaw.latitude)&lng=\(Self.warsaw.longitude)")
            #expect(found == ["at-4.9"])
            let everything = try await ids(fixture, "")
            #expect(everything.count == 3)
        }
    }

    @Test("agrees with a brute-force Haversine over a scattered set of points", arguments: StorageEngineUnderTest.all)
    func matchesBruteForce(engine: StorageEngineUnderTest) async throws {
        // A deterministic scatter within about ±40 km of Kraków.
        var generator = SplitMix64(seed: 20_261_115)
        let centre = (latitude: 50.0647, longitude: 19.9450)
        let seed = (0..<400).map { index in
            SampleAnnouncements.make(
                id: "p\(index)",
                latitude: centre.latitude + Double.random(in: -0.36...0.36, using: &generator),
                longitude: centre.longitude + Double.random(in: -0.56...0.56, using: &generator)
            )
        }
        try await ServerFixture.with(engine: engine, seed) { fixture in
            for range in [1, 7, 20, 33] {
                let expected = seed.filter {
                    haversine(centre.latitude, centre.longitude, $0.locationLatitude, $0.locationLongitude)
                        < Double(range)
                }.map(\.id)
                let found = try await ids(fixture, "lat=\(centre.latitude)&lng=\(centre.longitude)&range=\(range)")
                #expect(found == expected, "range \(range)")
            }
        }
    }

    @Test("a circle crossing the antimeridian finds pets on the other side", arguments: StorageEngineUnderTest.all)
    func antimeridian(engine: StorageEngineUnderTest) async throws {
        let centre = (latitude: -17.7, longitude: 179.95)
        let seed = [
            point("east-side", kilometres: 20, bearing: 90, from: centre),
            point("west-side", kilometres: 20, bearing: 270, from: centre),
            point("too-far", kilometres: 80, bearing: 90, from: centre),
        ]
        #expect(seed[0].locationLongitude < 0, "the test point must be across ±180°")
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let found = try await ids(fixture, "lat=\(centre.latitude)&lng=\(centre.longitude)&range=50")
            #expect(found == ["east-side", "west-side"])
        }
    }

    @Test("a circle around a pole includes every longitude", arguments: StorageEngineUnderTest.all)
    func nearPole(engine: StorageEngineUnderTest) async throws {
        let seed = [
            SampleAnnouncements.make(id: "across-pole", latitude: 89.6, longitude: -170),
            SampleAnnouncements.make(id: "too-far", latitude: 88.0, longitude: 10),
        ]
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let found = try await ids(fixture, "lat=89.7&lng=10&range=100")
            #expect(found == ["across-pole"])
        }
    }

    @Test("large ranges still filter by Haversine", arguments: StorageEngineUnderTest.all)
    func hugeRange(engine: StorageEngineUnderTest) async throws {
        let seed = [
            SampleAnnouncements.make(id: "warsaw", latitude: 52.23, longitude: 21.01),
            SampleAnnouncements.make(id: "sydney", latitude: -33.87, longitude: 151.21),
        ]
        try await ServerFixture.with(engine: engine, seed) { fixture in
            let halfTheWorld = try await ids(fixture, "lat=52&lng=21&range=20000")
            let europe = try await ids(fixture, "lat=52&lng=21&range=10000")
            #expect(halfTheWorld == ["warsaw", "sydney"])
            #expect(europe == ["warsaw"])
        }
    }
}

/// Reference implementation for the test, written independently of the server's.
private func haversine(_ lat1: Double, _ lng1: Double, _ lat2: Double, _ lng2: Double) -> Double {
    let toRadians = Double.pi / 180
    let dLat = (lat2 - lat1) * toRadians
    let dLng = (lng2 - lng1) * toRadians
    let h = pow(sin(dLat / 2), 2) + cos(lat1 * toRadians) * cos(lat2 * toRadians) * pow(sin(dLng / 2), 2)
    return 2 * 6371 * atan2(h.squareRoot(), (1 - h).squareRoot())
}

/// Small seeded generator so the scatter is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
