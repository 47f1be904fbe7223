// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("Seeding from a {\"data\": [...]} file, reset and demo data")
struct SeedingTests {
    /// Writes a seed file (and an `images/` folder beside it) into a new directory.
    private func writeSeed(_ announcements: [WireAnnouncement], photos: [String: Data] = [:]) throws -> URL {
        let directory = try ServerFixture.makeTemporaryDirectory()
        let images = directory.appendingPathComponent("images", isDirectory: true)
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        for (name, data) in photos {
            try data.write(to: images.appendingPathComponent(name))
        }
        let seed = directory.appendingPathComponent("seed.json")
        try JSONEncoder().encode(WireAnnouncementList(data: announcements)).write(to: seed)
        return seed
    }

    private func ids(_ fixture: ServerFixture) async throws -> [String] {
        try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self).data.map(\.id)
    }

    @Test("a seed file's announcements are served and its photos copied", arguments: StorageEngineUnderTest.all)
    func seedWithPhotos(engine: StorageEngineUnderTest) async throws {
        let seed = try writeSeed(
            [
                SampleAnnouncements.make(id: "a", photoUrl: "/images/a.png"),
                SampleAnnouncements.make(id: "b", photoUrl: "/images/not-there.png"),
                SampleAnnouncements.make(id: "c", photoUrl: "https://example.com/c.png"),
            ],
            photos: ["a.png": ImageEndpointTests.pngBytes, "unreferenced.png": Data([1])]
        )
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        try await ServerFixture.with(engine: engine, configure: { configuration, _ in configuration.seedFile = seed }) {
            fixture in
            #expect(try await ids(fixture) == ["a", "b", "c"])
            let photo = try await fixture.get("/images/a.png")
            #expect(photo.status == 200)
            #expect(photo.body == ImageEndpointTests.pngBytes)
            #expect(try await fixture.get("/images/unreferenced.png").status == 404)
        }
    }

    @Test("a captured list response can seed another server", arguments: StorageEngineUnderTest.all)
    func capturedResponseSeeds(engine: StorageEngineUnderTest) async throws {
        let original = (1...5).map { SampleAnnouncements.make(id: "pet-\($0)", species: $0 % 2 == 0 ? "DOG" : "CAT") }
        try await ServerFixture.with(engine: engine, original) { first in
            let captured = try await first.get("/api/v1/announcements").body
            let directory = try ServerFixture.makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let seed = directory.appendingPathComponent("captured.json")
            try captured.write(to: seed)
            try await ServerFixture.with(
                engine: engine, configure: { configuration, _ in configuration.seedFile = seed }
            ) { second in
                let copy = try await second.get("/api/v1/announcements").decode(WireAnnouncementList.self)
                #expect(copy.data == original)
            }
        }
    }

    @Test(
        "without reset a seed upserts by id; with reset it replaces everything", arguments: StorageEngineUnderTest.all)
    func resetAndUpsert(engine: StorageEngineUnderTest) async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let testDatabase = try await engine.makeDatabase(in: directory)
        do {
            try await resetAndUpsert(testDatabase.location)
        } catch {
            await testDatabase.drop()
            throw error
        }
        await testDatabase.drop()
    }

    private func resetAndUpsert(_ database: DatabaseLocation) async throws {
        let first = try writeSeed([
            SampleAnnouncements.make(id: "old-1"), SampleAnnouncements.make(id: "shared", petName: "Before"),
        ])
        let second = try writeSeed([
            SampleAnnouncements.make(id: "shared", petName: "After"), SampleAnnouncements.make(id: "new-1"),
        ])
        defer {
            try? FileManager.default.removeItem(at: first.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: second.deletingLastPathComponent())
        }
        func run(seed: URL, reset: Bool) async throws -> [WireAnnouncement] {
            let server = try await PetSpotHTTPServer.start(
                ServerConfiguration(database: database, seedFile: seed, reset: reset),
                logger: ServerFixture.quietLogger
            )
            do {
                let list = try await HTTPResult.fetch(server.baseURL.absoluteString + "/api/v1/announcements")
                await server.stop()
                return try list.decode(WireAnnouncementList.self).data
            } catch {
                await server.stop()
                throw error
            }
        }

        _ = try await run(seed: first, reset: false)
        let upserted = try await run(seed: second, reset: false)
        #expect(upserted.map(\.id) == ["old-1", "shared", "new-1"])
        #expect(upserted.first { $0.id == "shared" }?.petName == "After")

        let replaced = try await run(seed: first, reset: true)
        #expect(replaced.map(\.id) == ["old-1", "shared"])
        #expect(replaced.first { $0.id == "shared" }?.petName == "Before")
    }

    @Test(
        "an invalid seed file is a clear error, not a crash",
        arguments: [
            ("not json at all", "not valid JSON"),
            (#"{"announcements": []}"#, "missing key 'data'"),
            (#"{"data": [{"id": "x"}]}"#, "missing key"),
            (#"{"data": [{"id": 5}]}"#, "data[0].id"),
            (#"[]"#, "expected"),
        ])
    func invalidSeed(_ contents: String, _ expectedFragment: String) async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = directory.appendingPathComponent("broken.json")
        try Data(contents.utf8).write(to: seed)
        let configuration = ServerConfiguration(
            databasePath: directory.appendingPathComponent("db.sqlite").path, seedFile: seed
        )
        await #expect {
            _ = try await PetSpotHTTPServer.start(configuration, logger: ServerFixture.quietLogger)
        } throws: { error in
            guard let seedError = error as? SeedError, case .malformed = seedError else { return false }
            return seedError.description.contains(expectedFragment) && seedError.description.contains("broken.json")
        }
    }

    @Test("a missing seed file is reported as unreadable")
    func missingSeed() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ServerConfiguration(
            databasePath: directory.appendingPathComponent("db.sqlite").path,
            seedFile: directory.appendingPathComponent("nowhere.json")
        )
        await #expect {
            _ = try await PetSpotHTTPServer.start(configuration, logger: ServerFixture.quietLogger)
        } throws: { error in
            guard let seedError = error as? SeedError, case .unreadable = seedError else { return false }
            return seedError.description.contains("nowhere.json")
        }
    }

    @Test("demo data seeds an empty database once, with its photos", arguments: StorageEngineUnderTest.all)
    func demoData(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(
            engine: engine, configure: { configuration, _ in configuration.seedDemoDataIfEmpty = true }
        ) {
            fixture in
            let list = try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self)
            #expect(list.data.count >= 30)
            let photo = try #require(list.data.compactMap(\.photoUrl).first)
            let response = try await fixture.get(photo)
            #expect(response.status == 200)
            #expect(response.contentType == "image/png")
        }
    }

    @Test("demo data is not added to a database that already has announcements", arguments: StorageEngineUnderTest.all)
    func demoDataOnlyWhenEmpty(engine: StorageEngineUnderTest) async throws {
        try await ServerFixture.with(
            engine: engine,
            [SampleAnnouncements.make(id: "mine")],
            configure: { configuration, _ in
                configuration.seedDemoDataIfEmpty = true
            }
        ) { fixture in
            let found = try await ids(fixture)
            #expect(found == ["mine"])
        }
    }
}
