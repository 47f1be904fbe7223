// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("100 000 announcements")
struct ScaleTests {
    /// Correctness at scale; how fast is `make bench`'s job.
    @Test("the full list and a region query answer correctly over 100 000 rows", arguments: StorageEngineUnderTest.all)
    func largeDatabase(engine: StorageEngineUnderTest) async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let testDatabase = try await engine.makeDatabase(in: directory)
        do {
            try await serve100000(from: testDatabase.location)
        } catch {
            await testDatabase.drop()
            throw error
        }
        await testDatabase.drop()
    }

    private func serve100000(from location: DatabaseLocation) async throws {
        // Fill the database directly: this test is about serving, not seeding.
        let database = try await ReportDatabases.open(location, logger: ServerFixture.quietLogger)
        var generator = SplitMix64(seed: 100_000)
        let description = String(repeating: "Friendly, answers to her name. ", count: 8)
        let announcements = (0..<100_000).map { index in
            var announcement = SampleAnnouncements.make(
                id: "pet-\(index)",
                latitude: Double.random(in: 49...55, using: &generator),
                longitude: Double.random(in: 14...24, using: &generator)
            )
            announcement.description = description
            return announcement
        }
        try await database.upsert(announcements)
        try await database.close()

        let server = try await PetSpotHTTPServer.start(
            ServerConfiguration(database: location), logger: ServerFixture.quietLogger
        )
        do {
            let list = try await HTTPResult.fetch(server.baseURL.absoluteString + "/api/v1/announcements")
            #expect(try list.decode(WireAnnouncementList.self).data.count == 100_000)

            let region = try await HTTPResult.fetch(
                server.baseURL.absoluteString + "/api/v1/announcements?lat=52.23&lng=21.01&range=10")
            let nearby = try region.decode(WireAnnouncementList.self).data
            #expect(!nearby.isEmpty && nearby.count < 1_000)
            #expect(
                nearby.allSatisfy {
                    GreatCircle.distanceKilometres(
                        fromLatitude: 52.23, longitude: 21.01,
                        toLatitude: $0.locationLatitude, longitude: $0.locationLongitude) < 10
                })
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
