// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import NIOCore
import NIOHTTP1
import PetSpotDomain

/// `SightingsRepository` over HTTP (docs/BEHAVIOUR.md §4.10), with the
/// report publisher's transport: the process-wide client, a connect timeout
/// and one deadline over each exchange, capped bodies, the same
/// classification of transport failures, and the detail logged once here.
///
/// A backend without sightings (the original PetSpot API) is `.unsupported`,
/// never an error: a `405` or `501`, or a `404` that is not PetSpot's
/// envelope naming the report (`field: "id"`), which an unknown path gives.
public struct HTTPSightingsRepository: SightingsRepository {
    /// How many sightings are kept of one answer, and how long a note or a
    /// contact is kept: the server's own bounds, so a hostile backend cannot
    /// make the page grow without end.
    static let maximumListed = 100

    private let configuration: HTTPReportPublisher.Configuration
    private let logger: Logger
    private let baseURL: @Sendable () async throws -> URL

    /// - Parameter baseURL: the backend's base URL; for the built-in server
    ///   this starts it (`ServerLauncher.server()` shares one start).
    public init(
        configuration: HTTPReportPublisher.Configuration = .standard, logger: Logger = .petSpotClient,
        baseURL: @escaping @Sendable () async throws -> URL
    ) {
        self.configuration = configuration
        self.logger = logger
        self.baseURL = baseURL
    }

    public init(
        baseURL: URL, configuration: HTTPReportPublisher.Configuration = .standard, logger: Logger = .petSpotClient
    ) {
        self.init(configuration: configuration, logger: logger) { baseURL }
    }

    @concurrent
    public func sightings(forReport id: String) async throws(SightingError) -> SightingsAnswer {
        let (transport, url) = try await route(id: id)
        let request = BoundedRequest.get(
            url: url, accept: "application/json", connectTimeout: configuration.connectTimeout,
            deadline: configuration.deadline)
        switch await transport.answer(to: request) {
        case .body(let body):
            do {
                let list = try Self.decodeList(body, reportID: id)
                logger.debug("GET sightings \(url): \(list.count)")
                return .sightings(list)
            } catch {
                throw failure(.transport(.badResponse("sightings unreadable: \(error)")), url: url, operation: "GET")
            }
        case .refused(let status, let envelope, let preview):
            let error = Self.classify(status: status, envelope: envelope, preview: preview)
            if error == .unsupported {
                logger.info("GET sightings \(url): this backend has no sightings (HTTP \(status))")
                return .unsupported
            }
            throw failure(error, url: url, operation: "GET")
        case .failed(let error, let cause):
            throw failure(.transport(error), url: url, operation: "GET", cause: cause)
        }
    }

    @concurrent
    public func post(_ sighting: NewSighting, toReport id: String) async throws(SightingError) -> Sighting {
        let (transport, url) = try await route(id: id)
        let json: Data
        do {
            json = try JSONEncoder().encode(sighting.wireBody)
        } catch {
            throw failure(
                .transport(.badResponse("could not encode the sighting: \(error)")), url: url, operation: "POST")
        }
        let request = BoundedRequest.send(
            url: url, method: .POST, headers: [("Content-Type", "application/json")], body: ByteBuffer(bytes: json),
            connectTimeout: configuration.connectTimeout, deadline: configuration.deadline)
        switch await transport.answer(to: request) {
        case .body(let body):
            guard let wire = try? JSONDecoder().decode(WireSighting.self, from: body),
                let stored = Self.cleaned(wire), stored.reportID == id
            else {
                throw failure(
                    .transport(.badResponse("the stored sighting is unreadable")), url: url, operation: "POST")
            }
            logger.info("Added sighting \(stored.id) to report \(id)")
            return stored
        case .refused(let status, let envelope, let preview):
            throw failure(
                Self.classify(status: status, envelope: envelope, preview: preview), url: url, operation: "POST")
        case .failed(let error, let cause):
            throw failure(.transport(error), url: url, operation: "POST", cause: cause)
        }
    }

    /// What a non-2xx answer means (docs/BEHAVIOUR.md §4.5, §4.10).
    static func classify(status: UInt, envelope: WireErrorEnvelope.Body?, preview: Data?) -> SightingError {
        let field = envelope?.field.flatMap(SightingField.init(rawValue:))
        switch status {
        case 404 where envelope?.code == "NOT_FOUND" && envelope?.field == "id":
            return .reportNotFound
        case 404, 405, 501:
            return .unsupported
        case 409:
            return .reportClosed
        case 429:
            return .tooMany(retryAfterSeconds: nil)
        case 413:
            // Only a note can make a sighting's body that large.
            return .rejected(field: .note, problem: .tooLong(limit: SightingRules.noteMaximumLength))
        case 400, 422:
            return .rejected(field: field, problem: .refusedByServer)
        default:
            let text = preview.map { " body: \(String(decoding: $0.prefix(300), as: UTF8.self))" } ?? ""
            return .transport(.badResponse("HTTP \(status)\(text)"))
        }
    }

    /// The list's readable items, each text cut to its bound, newest first,
    /// at most `maximumListed`; the items of another report are dropped.
    static func decodeList(_ body: Data, reportID: String) throws -> [Sighting] {
        struct Item: Decodable {
            var wire: WireSighting?
            init(from decoder: any Decoder) throws { wire = try? WireSighting(from: decoder) }
        }
        struct List: Decodable { var data: [Item] }
        let items = try JSONDecoder().decode(List.self, from: body).data
        let sightings = items.lazy.compactMap(\.wire).compactMap(cleaned).filter { $0.reportID == reportID }
        return Array(sightings.sorted(by: Sighting.newestFirst).prefix(maximumListed))
    }

    /// The domain value with its texts within the rules' bounds.
    static func cleaned(_ wire: WireSighting) -> Sighting? {
        guard var sighting = wire.sighting else { return nil }
        sighting.note = sighting.note.map { cut($0, to: SightingRules.noteMaximumLength) }
        sighting.contact = sighting.contact.map { cut($0, to: SightingRules.contactMaximumLength) }
        return sighting
    }

    private static func cut(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// The transport and the URL for a report's sightings.
    private func route(id: String) async throws(SightingError) -> (HTTPReportPublisher, String) {
        guard !id.isEmpty else { throw .reportNotFound }
        let base: URL
        do {
            base = try await baseURL()
        } catch {
            logger.error("The PetSpot backend did not start: \(error)")
            throw .transport(.unreachable)
        }
        let transport = HTTPReportPublisher(baseURL: base, configuration: configuration, logger: logger)
        guard let url = transport.endpoints.sightings(id: id) else {
            _ = transport.invalidBaseURL()
            throw .transport(.unreachable)
        }
        return (transport, url)
    }

    /// Logs the technical detail once here, so callers only show what it means.
    private func failure(
        _ error: SightingError, url: String, operation: String, cause: (any Error)? = nil
    ) -> SightingError {
        let causeText = cause.map { " (\(String(describing: $0)))" } ?? ""
        switch error {
        case .transport(.cancelled):
            logger.debug("\(operation) sightings \(url) cancelled")
        case .transport(let transport):
            logger.warning("\(operation) sightings \(url) failed: \(transport)\(causeText)")
        default:
            logger.info("\(operation) sightings \(url): \(error)")
        }
        return error
    }
}
