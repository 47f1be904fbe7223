// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotClient
import PetSpotDomain
import PetSpotPresentation
import PetSpotServer
import PetSpotTestSupport
import Testing

/// The client's HTTP repository against the real PetSpot server over loopback:
/// the two halves of the wire contract must agree.
@Suite("HTTPAnnouncementRepository against PetSpotServer")
struct RepositoryAgainstServerTests {
    private static let warsaw = (latitude: 52.2297, longitude: 21.0122)

    private static let seed: [WireAnnouncement] = [
        wire(
            "3f9a2c1e-0001-4a3b-9c1d-000000000001", name: "Luna", species: "CAT", status: "MISSING",
            at: (52.2300, 21.0100), created: "2025-11-15T12:30:00.000Z", photo: "/images/luna.jpg",
            microchip: "616093900012345"),
        wire(
            "3f9a2c1e-0002-4a3b-9c1d-000000000002", name: nil, species: "DOG", status: "FOUND",
            at: (52.2400, 21.0200), created: "2025-11-16T08:00:00Z", photo: nil, microchip: "616093900012346"),
        wire(
            "3f9a2c1e-0003-4a3b-9c1d-000000000003", name: "Żółwik", species: "TURTLE", status: "MISSING",
            at: (50.0647, 19.9450), created: "2025-11-14T09:15:30.250Z", photo: "https://cdn.example.org/t.webp",
            microchip: "616093900012347"),
        wire(
            "3f9a2c1e-0004-4a3b-9c1d-000000000004", name: "Kiwi", species: "BIRD", status: "FOUND",
            at: (54.3520, 18.6466), created: "2025-11-17T10:00:00Z", photo: "javascript:alert(1)",
            microchip: "616093900012348"),
    ]

    /// Each with a microchip number of its own: an engine may keep them unique.
    private static func wire(
        _ id: String, name: String?, species: String, status: String,
        at location: (Double, Double), created: String, photo: String?, microchip: String
    ) -> WireAnnouncement {
        WireAnnouncement(
            id: id, petName: name, species: species, breed: name == nil ? "Beagle" : nil, sex: "FEMALE",
            age: 4, description: "Seen near the park.", microchipNumber: microchip,
            locationLatitude: location.0, locationLongitude: location.1, lastSeenDate: "2025-11-15",
            email: "owner@example.org", phone: "555-PETS", photoUrl: photo, status: status,
            reward: "500 PLN", createdAt: created, updatedAt: "2025-11-16 08:00:00")
    }

    /// Starts a seeded server in a temporary directory, hands a repository
    /// for it to `body`, then stops the server and removes the directory.
    private func withSeededServer(
        engine: StorageEngineUnderTest, _ body: (HTTPAnnouncementRepository, RunningServer) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("petspot-repository-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seedURL = directory.appendingPathComponent("seed.json")
        try JSONEncoder().encode(WireAnnouncementList(data: Self.seed)).write(to: seedURL)

        var logger = Logger(label: "repository-against-server-tests")
        logger.logLevel = .critical
        let database = try await engine.makeDatabase(in: directory)
        do {
            try await serve(database.location, seed: seedURL, logger: logger, body)
        } catch {
            await database.drop()
            throw error
        }
        await database.drop()
    }

    private func serve(
        _ location: DatabaseLocation, seed seedURL: URL, logger: Logger,
        _ body: (HTTPAnnouncementRepository, RunningServer) async throws -> Void
    ) async throws {
        let server = try await PetSpotHTTPServer.start(
            ServerConfiguration(database: location, seedFile: seedURL), logger: logger)
        let repository = HTTPAnnouncementRepository(
            baseURL: server.baseURL,
            configuration: .init(connectTimeout: .seconds(2), deadline: .seconds(10)))
        do {
            try await body(repository, server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test("the whole list arrives and maps onto the domain model", arguments: StorageEngineUnderTest.all)
    func list(engine: StorageEngineUnderTest) async throws {
        try await withSeededServer(engine: engine) { repository, server in
            let items = try await repository.announcements(in: nil)
            #expect(Set(items.map(\.id)) == Set(Self.seed.map(\.id)))

            let luna = try #require(items.first { $0.petName == "Luna" })
            #expect(luna.species == .cat)
            #expect(luna.status == .lost)
            #expect(luna.sex == .female)
            #expect(luna.age == 4)
            #expect(luna.reward == "500 PLN")
            #expect(luna.lastSeenDate == CalendarDay(year: 2025, month: 11, day: 15))
            #expect(luna.createdAt == Date(timeIntervalSince1970: 1_763_209_800))
            #expect(luna.updatedAt == Date(timeIntervalSince1970: 1_763_280_000))
            #expect(luna.photoURL?.absoluteString == server.baseURL.absoluteString + "/images/luna.jpg")

            let unnamed = try #require(items.first { $0.species == .dog })
            #expect(unnamed.petName == nil)
            #expect(unnamed.displayName == "Unnamed dog")
            #expect(unnamed.status == .found)

            let turtle = try #require(items.first { $0.id.hasSuffix("3") })
            #expect(turtle.species == .other)
            #expect(turtle.photoURL?.absoluteString == "https://cdn.example.org/t.webp")

            let kiwi = try #require(items.first { $0.petName == "Kiwi" })
            #expect(kiwi.photoURL == nil, "a javascript: photo URL must never be loaded")
        }
    }

    @Test("the Home query over the fetched list gives the newest first", arguments: StorageEngineUnderTest.all)
    func homeOrder(engine: StorageEngineUnderTest) async throws {
        try await withSeededServer(engine: engine) { repository, _ in
            let items = try await repository.announcements(in: nil)
            let names = AnnouncementListQuery.home.apply(to: items).map(\.displayName)
            #expect(names == ["Kiwi", "Unnamed dog", "Luna", "Żółwik"])
        }
    }

    @Test(
        "a region is filtered by the server",
        arguments: StorageEngineUnderTest.all,
        [
            (1, 1), (5, 2), (260, 3), (1000, 4),
        ])
    func region(engine: StorageEngineUnderTest, _ rangeAndCount: (Int, Int)) async throws {
        let (rangeKilometres, expectedCount) = rangeAndCount
        try await withSeededServer(engine: engine) { repository, _ in
            let centre = try #require(Coordinate(latitude: Self.warsaw.latitude, longitude: Self.warsaw.longitude))
            let items = try await repository.announcements(
                in: SearchRegion(centre: centre, rangeKilometres: rangeKilometres))
            #expect(items.count == expectedCount)
            #expect(items.allSatisfy { $0.coordinate.distance(to: centre) < Double(rangeKilometres) })
        }
    }

    @Test("details are fetched by id", arguments: StorageEngineUnderTest.all)
    func details(engine: StorageEngineUnderTest) async throws {
        try await withSeededServer(engine: engine) { repository, server in
            let id = Self.seed[0].id
            let luna = try await repository.announcement(id: id)
            #expect(luna.id == id)
            #expect(luna.petName == "Luna")
            #expect(luna.description == "Seen near the park.")
            #expect(luna.microchipNumber == "616093900012345")
            #expect(luna.email == "owner@example.org")
            #expect(luna.phone == "555-PETS")
            #expect(luna.photoURL?.absoluteString == server.baseURL.absoluteString + "/images/luna.jpg")
        }
    }

    @Test("an unknown id is notFound", arguments: StorageEngineUnderTest.all, ["no-such-id", "a/b", "..", "ż ?#"])
    func unknownID(engine: StorageEngineUnderTest, id: String) async throws {
        try await withSeededServer(engine: engine) { repository, _ in
            await #expect(throws: RepositoryError.notFound) {
                try await repository.announcement(id: id)
            }
        }
    }

    @Test("a stopped server is unreachable", arguments: StorageEngineUnderTest.all)
    func stoppedServer(engine: StorageEngineUnderTest) async throws {
        try await withSeededServer(engine: engine) { repository, server in
            await server.stop()
            await #expect(throws: RepositoryError.unreachable) {
                try await repository.announcements(in: nil)
            }
            await #expect(throws: RepositoryError.unreachable) {
                try await repository.announcement(id: Self.seed[0].id)
            }
        }
    }
}
