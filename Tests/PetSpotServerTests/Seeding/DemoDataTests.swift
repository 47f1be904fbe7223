// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("Bundled demo data")
struct DemoDataTests {
    static func demoSeed() throws -> (url: URL, announcements: [WireAnnouncement]) {
        let url = try #require(DemoDataLocator.locateSeedFile(), "demo-seed.json not found next to the test binary")
        return (url, try SeedFile.load(url).announcements)
    }

    @Test("has at least 30 announcements covering every species and status")
    func coverage() throws {
        let announcements = try Self.demoSeed().announcements
        #expect(announcements.count >= 30)
        #expect(Set(announcements.map(\.species)) == ["DOG", "CAT", "BIRD", "RABBIT", "OTHER"])
        #expect(Set(announcements.map(\.status)) == ["MISSING", "FOUND", "CLOSED"])
        #expect(Set(announcements.map(\.sex)) == ["MALE", "FEMALE", "UNKNOWN"])
        #expect(Set(announcements.map(\.id)).count == announcements.count)
    }

    @Test("has the variety the client must cope with")
    func variety() throws {
        let announcements = try Self.demoSeed().announcements
        #expect(announcements.contains { $0.petName == nil })
        #expect(announcements.contains { $0.breed == nil })
        #expect(announcements.contains { $0.age == nil })
        #expect(announcements.contains { $0.reward != nil })
        #expect(announcements.contains { $0.microchipNumber != nil })
        #expect(announcements.contains { $0.photoUrl == nil })
        #expect(announcements.contains { $0.phone != nil && $0.email == nil })
        #expect(announcements.contains { $0.email != nil && $0.phone == nil })
        #expect(announcements.allSatisfy { $0.phone != nil || $0.email != nil })
        #expect(announcements.contains { ($0.description?.count ?? 0) >= 600 })
        #expect(announcements.contains { (1..<200).contains($0.description?.count ?? 0) })
        #expect(announcements.contains { $0.createdAt.contains(".") })
        #expect(announcements.contains { $0.updatedAt.contains("T") })
        #expect(announcements.contains { $0.updatedAt.contains(" ") })
        #expect(announcements.allSatisfy { $0.createdAt.hasPrefix("2026-10") || $0.createdAt.hasPrefix("2026-11") })
        #expect(announcements.allSatisfy { $0.microchipNumber?.allSatisfy(\.isNumber) ?? true })
    }

    @Test("every referenced photo exists, and the images stay small")
    func photos() throws {
        let (url, announcements) = try Self.demoSeed()
        let images = url.deletingLastPathComponent().appendingPathComponent("images")
        var total = 0
        for photo in announcements.compactMap(\.photoUrl) {
            let name = try #require(ImageFileName(photoURL: photo), "\(photo) is not an /images/ URL")
            let path = images.appendingPathComponent(name.name).path
            #expect(FileManager.default.fileExists(atPath: path), "\(photo)")
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: images.path) {
            let size =
                try FileManager.default.attributesOfItem(atPath: images.appendingPathComponent(file).path)[.size]
                as? Int
            total += size ?? 0
        }
        #expect(total < 2_000_000)
    }

    @Test("lies around Warszawa, Kraków and Gdańsk")
    func cities() throws {
        let cities = [(52.2297, 21.0122), (50.0647, 19.9450), (54.3520, 18.6466)]
        for announcement in try Self.demoSeed().announcements {
            let nearest =
                cities.map {
                    GreatCircle.distanceKilometres(
                        fromLatitude: $0.0, longitude: $0.1,
                        toLatitude: announcement.locationLatitude, longitude: announcement.locationLongitude
                    )
                }.min() ?? .infinity
            #expect(nearest < 25, "\(announcement.id) is \(nearest) km from the nearest city")
        }
    }
}

@Suite("Finding the demo folder")
struct DemoDataLocatorTests {
    @Test("looks in $PETSPOT_DEMO_DIR, then ../share/petspot/demo, then the SwiftPM bundle")
    func order() {
        let candidates = DemoDataLocator.candidateDirectories(
            environment: ["PETSPOT_DEMO_DIR": "/custom/demo"],
            executableDirectory: URL(fileURLWithPath: "/opt/petspot/bin", isDirectory: true)
        ).map(\.path)
        #expect(
            candidates == [
                "/custom/demo",
                "/opt/petspot/share/petspot/demo",
                "/opt/petspot/bin/PetSpot_PetSpotServer.resources/Demo",
            ])
    }

    @Test("nothing found is nil, so the server starts empty instead of crashing")
    func missing() {
        #expect(DemoDataLocator.locateSeedFile(in: [URL(fileURLWithPath: "/nonexistent/demo")]) == nil)
    }

    @Test("without a demo folder an empty database stays empty and a warning is logged")
    func startsEmptyWithoutDemo() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try SQLiteReportDatabase(
            path: directory.appendingPathComponent("db.sqlite").path, imagesDirectory: directory)
        let log = RecordingLog()
        var seeder = Seeder(database: database, logger: log.logger)
        seeder.locateDemoSeed = { nil }
        try await seeder.prepare(for: ServerConfiguration(databasePath: "unused", seedDemoDataIfEmpty: true))
        #expect(try await database.count() == 0)
        try await database.close()
        #expect(log.entries.contains { $0.level == .warning && $0.message.contains("Demo data not found") })
    }
}
