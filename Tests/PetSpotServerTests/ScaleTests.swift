import Foundation
import PetSpotCore
@testable import PetSpotServer
import Testing

@Suite("100 000 announcements")
struct ScaleTests {
    @Test("the full list and a region query stay fast")
    func largeDatabase() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("big.sqlite").path

        // Fill the database directly: this test is about serving, not seeding.
        let store = try AnnouncementStore(path: path)
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
        try await store.upsert(announcements)
        try store.close()

        let server = try await PetSpotHTTPServer.start(
            ServerConfiguration(databasePath: path), logger: ServerFixture.quietLogger
        )
        do {
            let clock = ContinuousClock()
            var list: HTTPResult?
            let fullListTime = try await clock.measure {
                list = try await HTTPResult.fetch(server.baseURL.absoluteString + "/api/v1/announcements")
            }
            #expect(try list?.decode(WireAnnouncementList.self).data.count == 100_000)

            var region: HTTPResult?
            let regionTime = try await clock.measure {
                region = try await HTTPResult.fetch(server.baseURL.absoluteString + "/api/v1/announcements?lat=52.23&lng=21.01&range=10")
            }
            let nearby = try region?.decode(WireAnnouncementList.self).data ?? []
            #expect(nearby.count < 1_000)

            // Generous bounds: debug builds on a shared 2-core machine; release is far faster.
            #expect(fullListTime < .seconds(10), "full list took \(fullListTime)")
            #expect(regionTime < .seconds(1), "region query took \(regionTime)")
            print("100k list: \(fullListTime), region: \(regionTime)")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
