// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import PetSpotDomain

/// `AnnouncementRepository` over HTTP, talking to any PetSpot backend.
///
/// Built on AsyncHTTPClient rather than URLSession because:
/// - it runs on SwiftNIO's shared event loop group, the same one the embedded
///   Hummingbird demo server uses, so the app does not start a second I/O stack;
/// - it separates the connect timeout (a dead host fails fast) from the
///   overall deadline, which covers the whole exchange (AsyncHTTPClient
///   enforces it up to the response head; `withDeadline` covers the body);
/// - the body is streamed and collected with a hard cap (`collect(upTo:)`),
///   so an oversized answer fails without being buffered whole;
/// - Swift task cancellation cancels the request in flight (a new map pan
///   replaces the old request without waiting for it).
///
/// The process-wide `HTTPClient.shared` cannot be given a connect timeout (it
/// has 90 s) and retries refused connections until the deadline, so each
/// connect timeout gets one process-lifetime client of its own on that same
/// event loop group (`ProcessWideHTTPClients`).
///
/// The methods are plain nonisolated `async` functions, so called from the
/// main actor they still run, JSON decoding included, on the global executor.
/// Both methods are `@concurrent`: decoding a large list never runs on the
/// caller's actor (the main actor, for view models).
public struct HTTPAnnouncementRepository: AnnouncementRepository {
    public struct Configuration: Sendable, Hashable {
        /// How long establishing a TCP connection may take.
        public var connectTimeout: Duration
        /// How long a whole request may take, from connecting to the last body byte.
        public var deadline: Duration
        /// Largest details body accepted; bigger ones fail without being read whole.
        public var maxBodyBytes: Int
        /// Largest list body accepted (`RepositoryError.listTooLarge` past it):
        /// the list-size-limit setting.
        public var listSizeLimitBytes: Int

        public static let standardListSizeLimitBytes = 512_000_000

        public init(
            connectTimeout: Duration = .seconds(5),
            deadline: Duration = .seconds(20),
            maxBodyBytes: Int = 128 * 1024 * 1024,
            listSizeLimitBytes: Int = Configuration.standardListSizeLimitBytes
        ) {
            self.connectTimeout = connectTimeout
            self.deadline = deadline
            self.maxBodyBytes = maxBodyBytes
            self.listSizeLimitBytes = listSizeLimitBytes
        }

        public static let standard = Configuration()
    }

    /// How much of an error answer's body is read, for the log.
    static let errorPreviewBytes = 4096

    public let baseURL: URL
    public let configuration: Configuration
    private let endpoints: APIEndpoints
    private let decoder: AnnouncementDecoder
    /// Shared by copies of this repository: a backend is asked once whether it pages.
    private let paging = ListPagingMemory()
    private let logger: Logger

    public init(baseURL: URL, configuration: Configuration = .standard, logger: Logger = .petSpotClient) {
        self.baseURL = baseURL
        self.configuration = configuration
        self.endpoints = APIEndpoints(baseURL: baseURL)
        self.decoder = AnnouncementDecoder(baseURL: baseURL, logger: logger)
        self.logger = logger
    }

    @concurrent
    public func announcements(in region: SearchRegion?) async throws(RepositoryError) -> [Announcement] {
        guard let url = endpoints.list(in: region) else { throw invalidBaseURL() }
        return try await fetchList(url).announcements
    }

    /// A page from a backend that pages. The first request tells: a backend
    /// that does not page ignores `limit` and answers its whole list, which
    /// is then the answer, so finding out costs no request of its own; later
    /// requests to it ask for the plain list, as the original contract has it.
    @concurrent
    public func list(_ request: ReportListRequest) async throws(RepositoryError) -> ReportListAnswer {
        let support = paging.support
        if support == .wholeList { return .everything(try await announcements(in: nil)) }
        guard let url = endpoints.page(request) else { throw invalidBaseURL() }
        let decoded: AnnouncementListDecoding
        do {
            decoded = try await fetchList(url)
        } catch .badResponse(let detail) where support == .unknown && detail.hasPrefix("HTTP 400") {
            logger.info("The backend refused a page request; asking for its whole list from now on")
            paging.learn(.wholeList)
            return .everything(try await announcements(in: nil))
        }
        guard let page = decoded.page, decoded.announcements.count + decoded.skipped.count <= request.limit else {
            if support != .wholeList { logger.info("The backend does not page its list: it sent the whole list") }
            paging.learn(.wholeList)
            return .everything(decoded.announcements)
        }
        paging.learn(.pages)
        return .page(
            ReportListPage(
                announcements: decoded.announcements, next: page.next, total: page.total,
                totalExact: page.totalExact))
    }

    /// A list body fetched and decoded as it arrives (its body is never held
    /// whole), within the list size limit.
    private func fetchList(_ url: String) async throws(RepositoryError) -> AnnouncementListDecoding {
        let response = try await respond(url, notFoundIsMissingResource: false)
        let decoded: AnnouncementListDecoding
        do {
            decoded = try await response.read(upTo: configuration.listSizeLimitBytes) { [decoder] in
                decoder.listReader()
            }
        } catch let error as AnnouncementDecodingError {
            throw failure(.badResponse(error.description), url: url)
        } catch is NIOTooManyBytesError {
            throw failure(.listTooLarge(limitBytes: configuration.listSizeLimitBytes), url: url)
        } catch {
            throw bodyFailure(error, url: url)
        }
        // A newer request replaced this one while it was decoding: drop the result.
        if Task.isCancelled { throw .cancelled }
        return decoded
    }

    @concurrent
    public func announcement(id: String) async throws(RepositoryError) -> Announcement {
        // An empty id would address the list endpoint instead.
        guard !id.isEmpty else { throw .notFound }
        guard let url = endpoints.detail(id: id) else { throw invalidBaseURL() }
        let body = try await fetch(url, notFoundIsMissingResource: true)
        do {
            return try decoder.decodeDetail(from: body)
        } catch {
            throw failure(.badResponse(error.description), url: url)
        }
    }

    // MARK: - Transport

    private func fetch(_ url: String, notFoundIsMissingResource: Bool) async throws(RepositoryError) -> Data {
        let response = try await respond(url, notFoundIsMissingResource: notFoundIsMissingResource)
        do {
            let body = try await response.body(upTo: configuration.maxBodyBytes)
            if Task.isCancelled { throw CancellationError() }
            return body
        } catch {
            throw bodyFailure(error, url: url)
        }
    }

    /// The response to a GET of `url` once its head says success; its body is still to be read.
    private func respond(_ url: String, notFoundIsMissingResource: Bool) async throws(RepositoryError)
        -> BoundedResponse
    {
        if Task.isCancelled { throw .cancelled }
        let request = BoundedRequest.get(
            url: url, accept: "application/json",
            connectTimeout: configuration.connectTimeout, deadline: configuration.deadline)
        let response: BoundedResponse
        do {
            response = try await request.execute()
        } catch {
            throw failure(TransportErrorClassifier.classify(error, phase: .awaitingResponse), url: url, cause: error)
        }

        guard (200..<300).contains(response.status) else {
            // Read a little of the error envelope for the log, never more.
            let preview = try? await response.body(upTo: Self.errorPreviewBytes)
            let message = preview.map { " body: \(String(decoding: $0.prefix(300), as: UTF8.self))" } ?? ""
            if response.status == 404, notFoundIsMissingResource {
                throw failure(.notFound, url: url, note: "HTTP 404\(message)")
            }
            throw failure(.badResponse("HTTP \(response.status)\(message)"), url: url)
        }
        return response
    }

    /// What reading a body failed with, for the user.
    private func bodyFailure(_ error: any Error, url: String) -> RepositoryError {
        if let tooBig = error as? NIOTooManyBytesError {
            return failure(
                .badResponse("body larger than \(tooBig.maxBytes ?? configuration.maxBodyBytes) bytes"), url: url)
        }
        return failure(TransportErrorClassifier.classify(error, phase: .readingBody), url: url, cause: error)
    }

    private func invalidBaseURL() -> RepositoryError {
        logger.error("PetSpot API base URL \(baseURL.absoluteString) cannot be used")
        return .unreachable
    }

    /// Logs the technical detail once here, so callers only show `userMessage`.
    private func failure(
        _ error: RepositoryError, url: String, cause: (any Error)? = nil, note: String? = nil
    ) -> RepositoryError {
        var detail = note ?? ""
        if case .badResponse(let text) = error { detail = text }
        if let cause { detail += (detail.isEmpty ? "" : "; ") + String(describing: cause) }
        switch error {
        case .cancelled:
            logger.debug("GET \(url) cancelled")
        case .notFound:
            logger.info("GET \(url): not found (\(detail))")
        case .unreachable:
            logger.warning("GET \(url) failed: server unreachable (\(detail))")
        case .timedOut:
            logger.warning("GET \(url) failed: timed out (\(detail))")
        case .badResponse:
            logger.warning("GET \(url) failed: unusable response (\(detail))")
        case .listTooLarge(let limit):
            logger.warning("GET \(url) failed: the list is larger than the \(limit) bytes PetSpot reads")
        }
        return error
    }
}

extension TimeAmount {
    /// Converts, saturating instead of overflowing for absurd durations.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else {
            self = .nanoseconds(seconds < 0 ? 0 : Int64.max / 2)
            return
        }
        let total = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        self = .nanoseconds(total.overflow ? Int64.max / 2 : max(0, total.partialValue))
    }
}
