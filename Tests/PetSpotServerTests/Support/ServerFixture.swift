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

/// A server on an ephemeral loopback port over a database in a fresh temporary
/// directory, plus a small HTTP helper. Use through `ServerFixture.with`.
struct ServerFixture: Sendable {
    let directory: URL
    let configuration: ServerConfiguration
    let server: RunningServer

    var databasePath: String { configuration.databasePath }
    var imagesDirectory: URL { directory.appendingPathComponent("images", isDirectory: true) }

    /// Starts a server seeded with `announcements` (through a real seed file), runs
    /// `body`, then stops the server and deletes the directory, even on failure.
    /// A server with these connection limits.
    static func with(_ limits: ConnectionLimits, _ body: (ServerFixture) async throws -> Void) async throws {
        try await with(configure: { configuration, _ in configuration.connectionLimits = limits }, body)
    }

    static func with(
        _ announcements: [WireAnnouncement] = [],
        logger: Logger = ServerFixture.quietLogger,
        configure: (inout ServerConfiguration, URL) throws -> Void = { _, _ in },
        _ body: (ServerFixture) async throws -> Void
    ) async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration(
            databasePath: directory.appendingPathComponent("petspot.sqlite").path,
            passwordHashing: .fast
        )
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
        let fixture = ServerFixture(directory: directory, configuration: configuration, server: server)
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
