// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("Starting and stopping the server")
struct LifecycleTests {
    @Test("port 0 binds an ephemeral port and baseURL names it")
    func ephemeralPort() async throws {
        try await ServerFixture.with { fixture in
            #expect(fixture.server.port > 0)
            #expect(fixture.server.baseURL.absoluteString == "http://127.0.0.1:\(fixture.server.port)")
        }
    }

    @Test("after stop the port refuses connections and the database can be reopened")
    func stopReleasesEverything() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ServerConfiguration(databasePath: directory.appendingPathComponent("db.sqlite").path)
        let server = try await PetSpotHTTPServer.start(configuration, logger: ServerFixture.quietLogger)
        let url = server.baseURL.absoluteString + "/api/health"
        #expect(try await HTTPResult.fetch(url).status == 200)

        #expect(TCPProbe.acceptsConnections(port: server.port))

        await server.stop()
        #expect(!TCPProbe.acceptsConnections(port: server.port))
        await server.stop()  // a second stop is harmless

        let again = try await PetSpotHTTPServer.start(configuration, logger: ServerFixture.quietLogger)
        #expect(try await HTTPResult.fetch(again.baseURL.absoluteString + "/api/health").status == 200)
        await again.stop()
    }

    @Test("a port already in use is an error from start, not a hang")
    func portInUse() async throws {
        try await ServerFixture.with { fixture in
            let directory = try ServerFixture.makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let clash = ServerConfiguration(
                port: fixture.server.port, databasePath: directory.appendingPathComponent("db.sqlite").path
            )
            await #expect(throws: (any Error).self) {
                let server = try await PetSpotHTTPServer.start(clash, logger: ServerFixture.quietLogger)
                await server.stop()
            }
        }
    }

    @Test("an out-of-range port is refused before anything is opened")
    func invalidPort() async throws {
        let configuration = ServerConfiguration(port: 70_000, databasePath: "/nonexistent/dir/db.sqlite")
        await #expect(throws: ServerStartError.self) {
            _ = try await PetSpotHTTPServer.start(configuration, logger: ServerFixture.quietLogger)
        }
    }

    @Test("the images directory defaults to <database dir>/images and is created")
    func defaultImagesDirectory() async throws {
        try await ServerFixture.with { fixture in
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: fixture.imagesDirectory.path, isDirectory: &isDirectory))
            #expect(isDirectory.boolValue)
        }
    }

    @Test("an explicit images directory is used instead")
    func explicitImagesDirectory() async throws {
        let photos = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: photos) }
        try ImageEndpointTests.pngBytes.write(to: photos.appendingPathComponent("elsewhere.png"))
        try await ServerFixture.with(configure: { configuration, _ in configuration.imagesDirectory = photos.path }) {
            fixture in
            let response = try await fixture.get("/images/elsewhere.png")
            #expect(response.status == 200)
        }
    }

    @Test("the database's parent directories are created")
    func nestedDatabasePath() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let nested = directory.appendingPathComponent("a/b/petspot.sqlite").path
        let server = try await PetSpotHTTPServer.start(
            ServerConfiguration(databasePath: nested), logger: ServerFixture.quietLogger)
        await server.stop()
        #expect(FileManager.default.fileExists(atPath: nested))
    }

    @Test("a file that is not a SQLite database is an error from start")
    func corruptDatabase() async throws {
        let directory = try ServerFixture.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("garbage.sqlite").path
        try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
        await #expect(throws: (any Error).self) {
            let server = try await PetSpotHTTPServer.start(
                ServerConfiguration(databasePath: path), logger: ServerFixture.quietLogger)
            await server.stop()
        }
    }
}

@Suite("The CLI's listening line")
struct ListeningLineTests {
    @Test("has the exact documented format and gives the port back")
    func format() throws {
        let url = try #require(PetSpotHTTPServer.baseURL(host: "127.0.0.1", port: 3000))
        let line = ListeningLine.text(for: url)
        #expect(line == "petspot-server listening on http://127.0.0.1:3000")
        #expect(ListeningLine.port(in: line) == 3000)
        #expect(ListeningLine.port(in: "something else") == nil)
    }

    @Test("IPv6 hosts are bracketed")
    func ipv6() throws {
        let url = try #require(PetSpotHTTPServer.baseURL(host: "::1", port: 8080))
        #expect(ListeningLine.text(for: url) == "petspot-server listening on http://[::1]:8080")
    }
}
