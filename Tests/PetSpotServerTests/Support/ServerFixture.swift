// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import PetSpotClient
import PetSpotDomain
import PetSpotServer
import PetSpotTestSupport
import Testing

/// A server on an ephemeral loopback port over a fresh database of one
/// storage engine (SQLite in a fresh temporary directory unless told
/// otherwise), plus a small HTTP helper. Use through `ServerFixture.with`.
struct ServerFixture: Sendable {
    let directory: URL
    let engine: StorageEngineUnderTest
    let testDatabase: TestDatabase
    let configuration: ServerConfiguration
    let server: RunningServer

    /// The SQLite file; for tests that run on SQLite only.
    var databasePath: String {
        if case .sqlite(let path) = configuration.database { return path }
        Issue.record("databasePath is a SQLite file; this test runs on \(engine)")
        return ""
    }
    /// Where the SQLite engine keeps photos; for tests that run on SQLite only.
    var imagesDirectory: URL { directory.appendingPathComponent("images", isDirectory: true) }

    /// Every photo stored, and anything half-stored (`TestDatabase.photoNames`).
    func storedPhotoNames() async throws -> [String] {
        try await testDatabase.photoNames()
    }

    /// A server with these connection limits.
    static func with(_ limits: ConnectionLimits, _ body: (ServerFixture) async throws -> Void) async throws {
        try await with(configure: { configuration, _ in configuration.connectionLimits = limits }, body)
    }

    /// Starts a server over a new database of `engine`, seeded with
    /// `announcements` (through a real seed file), runs `body`, then stops the
    /// server and deletes the directory and the database, even on failure.
    static func with(
        engine: StorageEngineUnderTest = .sqlite,
        _ announcements: [WireAnnouncement] = [],
        logger: Logger = ServerFixture.quietLogger,
        configure: (inout ServerConfiguration, URL) throws -> Void = { _, _ in },
        _ body: (ServerFixture) async throws -> Void
    ) async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await engine.makeDatabase(in: directory)
        do {
            try await run(
                engine: engine, database: database, directory: directory, announcements, logger: logger,
                configure: configure, body)
        } catch {
            await database.drop()
            throw error
        }
        await database.drop()
    }

    private static func run(
        engine: StorageEngineUnderTest, database: TestDatabase, directory: URL, _ announcements: [WireAnnouncement],
        logger: Logger, configure: (inout ServerConfiguration, URL) throws -> Void,
        _ body: (ServerFixture) async throws -> Void
    ) async throws {
        var configuration = ServerConfiguration(database: database.location, passwordHashing: .fast)
        // Tests create many reports and sightings from one address; the limits' own tests lower them again.
        configuration.reportCreationLimit = ReportCreationLimit(burst: 10_000)
        configuration.sightingLimit = SightingLimit(burst: 10_000)
        if !announcements.isEmpty {
            let seedURL = directory.appendingPathComponent("fixture-seed.json")
            try JSONEncoder().encode(WireAnnouncementList(data: announcements)).write(to: seedURL)
            configuration.seedFile = seedURL
        }
        try configure(&configuration, directory)
        let server = try await PetSpotHTTPServer.start(configuration, logger: logger)
        let fixture = ServerFixture(
            directory: directory, engine: engine, testDatabase: database, configuration: configuration, server: server)
        do {
            try await body(fixture)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    func get(_ pathAndQuery: String) async throws -> HTTPResult {
        try await HTTPResult.fetch(server.baseURL.absoluteString + pathAndQuery)
    }

    /// A request with a body (POST by default) to this server.
    func send(
        _ path: String, method: HTTPMethod = .POST, body: Data, contentType: String? = "application/json",
        headers: [(String, String)] = []
    ) async throws -> HTTPResult {
        try await HTTPResult.fetch(server.baseURL.absoluteString + path) { request in
            request.method = method
            if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            request.body = .bytes(ByteBuffer(bytes: body))
        }
    }

    static let quietLogger: Logger = {
        var logger = Logger(label: "petspot-server-tests")
        logger.logLevel = .critical
        return logger
    }()

    static func makeTemporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("petspot-server-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}

/// What a test needs from a response: status, content type and body.
struct HTTPResult: Sendable {
    let status: Int
    let contentType: String?
    let headers: HTTPHeaders
    let body: Data

    static func fetch(
        _ url: String, customize: (inout HTTPClientRequest) -> Void = { _ in }
    ) async throws -> HTTPResult {
        var request = HTTPClientRequest(url: url)
        customize(&request)
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let buffer = try await response.body.collect(upTo: 64 << 20)
        return HTTPResult(
            status: Int(response.status.code),
            contentType: response.headers["content-type"].first,
            headers: response.headers,
            body: Data(buffer.readableBytesView)
        )
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: body)
    }

    /// The body as untyped JSON, to check keys and nulls the typed decoder hides.
    func jsonObject() throws -> [String: Any] {
        (try JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
    }

    var errorBody: WireErrorEnvelope.Body? {
        (try? decode(WireErrorEnvelope.self))?.error
    }
}
