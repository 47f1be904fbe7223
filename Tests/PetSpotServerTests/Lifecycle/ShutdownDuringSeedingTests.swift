// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotServer

/// Quitting while the demo data is being seeded stops the
/// seeding at a safe point; the next start then seeds everything.
@Suite("Stopping while seeding")
struct ShutdownDuringSeedingTests {
    private func demoDatabasePath(in directory: URL) -> String {
        directory.appendingPathComponent("demo.sqlite").path
    }

    private func demoConfiguration(in directory: URL) -> ServerConfiguration {
        ServerConfiguration(databasePath: demoDatabasePath(in: directory), seedDemoDataIfEmpty: true)
    }

    private func demoAnnouncementCount() throws -> Int {
        let seedURL = try #require(DemoDataLocator.locateSeedFile())
        return try SeedFile.load(seedURL).announcements.count
    }

    @Test("seeding cancelled before its announcements are written leaves the database to be seeded again")
    func cancelledSeedingIsRedone() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = demoConfiguration(in: directory)
        let database = try SQLiteReportDatabase(path: demoDatabasePath(in: directory))
        // The quit arrives while the demo seed is being read.
        let interrupted = Seeder(
            database: database, logger: ServerFixture.quietLogger,
            locateDemoSeed: {
                withUnsafeCurrentTask { $0?.cancel() }
                return DemoDataLocator.locateSeedFile()
            })
        // In a task of its own: cancelling the test's task would end the test there.
        let preparing = Task { try await interrupted.prepare(for: configuration) }
        await #expect(throws: CancellationError.self) { try await preparing.value }
        #expect(try await database.count() == 0)
        try await database.close()

        try await ServerFixture.with(configure: { configuration, _ in configuration = demoConfiguration(in: directory) }
        ) { fixture in
            let list = try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self)
            let expected = try demoAnnouncementCount()
            #expect(list.data.count == expected)
            let photo = try #require(list.data.compactMap(\.photoUrl).first)
            #expect(try await fixture.get(photo).status == 200)
        }
    }

    @Test("a start that is cancelled throws, and closes what it opened")
    func cancelledStart() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = demoConfiguration(in: directory)
        let start = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await PetSpotHTTPServer.start(configuration, logger: ServerFixture.quietLogger)
        }
        switch await start.result {
        case .success(let server):
            await server.stop()
            Issue.record("a cancelled start brought a server up")
        case .failure(let error):
            #expect(error is CancellationError, "\(error)")
        }
        let database = try SQLiteReportDatabase(path: demoDatabasePath(in: directory))
        let count = try await database.count()
        try await database.close()
        let complete = try demoAnnouncementCount()
        #expect(count == 0 || count == complete, "a partial seed: \(count) announcements")
    }

    @Test("shutting the launcher down while it starts stops the start, and leaves no server")
    func shutdownWhileStarting() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let launcher = ServerLauncher(
            configuration: demoConfiguration(in: directory), logger: ServerFixture.quietLogger)
        let firstRequest = Task { try await launcher.server() }
        await launcher.shutdown()
        if case .success(let server) = await firstRequest.result {
            // The start won the race; shutdown must have stopped what it started.
            #expect(!TCPProbe.acceptsConnections(port: server.port))
        }
        await #expect(throws: CancellationError.self) { _ = try await launcher.server() }

        // Whatever point the start reached, the next one ends with every demo announcement.
        try await ServerFixture.with(configure: { configuration, _ in configuration = demoConfiguration(in: directory) }
        ) { fixture in
            let list = try await fixture.get("/api/v1/announcements").decode(WireAnnouncementList.self)
            let expected = try demoAnnouncementCount()
            #expect(list.data.count == expected)
        }
    }

    @Test("a launcher started once serves every caller the same server until shutdown")
    func launcherSharesOneServer() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let launcher = ServerLauncher(
            configuration: demoConfiguration(in: directory), logger: ServerFixture.quietLogger)
        async let first = launcher.server()
        async let second = launcher.server()
        let (a, b) = try await (first, second)
        #expect(a === b)
        #expect(try await HTTPResult.fetch(a.baseURL.absoluteString + "/api/health").status == 200)
        await launcher.shutdown()
        #expect(!TCPProbe.acceptsConnections(port: a.port))
    }
}
