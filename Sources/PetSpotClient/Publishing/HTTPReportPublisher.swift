// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import Logging
import MultipartKit
import NIOCore
import NIOHTTP1
import PetSpotDomain

/// `ReportPublisher` over HTTP, built like `HTTPAnnouncementRepository`: the
/// same process-wide AsyncHTTPClient, a connect timeout and one deadline over
/// each whole exchange, capped response bodies, the same classification of
/// transport failures, and the technical detail logged once here.
///
/// `publish` sends `NewReport.wireBody` as JSON and reads the `201` with the
/// same lenient decoder as the details endpoint; `addPhoto` sends the photo
/// as the `photo` file of a `multipart/form-data` body (multipart-kit's
/// serializer), with HTTP Basic auth whose password is the management password.
public struct HTTPReportPublisher: ReportPublisher {
    public struct Configuration: Sendable, Hashable {
        /// How long establishing a TCP connection may take.
        public var connectTimeout: Duration
        /// How long creating a report may take, from connecting to the last byte of the answer.
        public var deadline: Duration
        /// The same for a photo's upload (up to 20 MiB).
        public var uploadDeadline: Duration
        /// Largest answer read; a created report is a few kilobytes.
        public var maxResponseBytes: Int

        public init(
            connectTimeout: Duration = .seconds(5), deadline: Duration = .seconds(20),
            uploadDeadline: Duration = .seconds(120), maxResponseBytes: Int = 1024 * 1024
        ) {
            self.connectTimeout = connectTimeout
            self.deadline = deadline
            self.uploadDeadline = uploadDeadline
            self.maxResponseBytes = maxResponseBytes
        }

        public static let standard = Configuration()
    }

    /// How much of an error answer's body is read for its error envelope.
    static let errorEnvelopeBytes = 64 * 1024

    /// The user name sent with the management password (the server ignores it).
    public static let basicAuthUser = "petspot"

    public let baseURL: URL
    public let configuration: Configuration
    let endpoints: APIEndpoints
    let decoder: AnnouncementDecoder
    let logger: Logger

    public init(baseURL: URL, configuration: Configuration = .standard, logger: Logger = .petSpotClient) {
        self.baseURL = baseURL
        self.configuration = configuration
        self.endpoints = APIEndpoints(baseURL: baseURL)
        self.decoder = AnnouncementDecoder(baseURL: baseURL, logger: logger)
        self.logger = logger
    }

    @concurrent
    public func publish(_ report: NewReport) async throws(PublishError) -> PublishedReport {
        guard let url = endpoints.create() else { throw invalidBaseURL() }
        let json: Data
        do {
            json = try JSONEncoder().encode(report.wireBody)
        } catch {
            throw failure(.transport(.badResponse("could not encode the report: \(error)")), url: url)
        }
        let request = BoundedRequest.send(
            url: url, method: .POST, headers: [("Content-Type", "application/json")],
            body: ByteBuffer(bytes: json), connectTimeout: configuration.connectTimeout,
            deadline: configuration.deadline)
        let body = try await exchange(request, operation: .publish)
        do {
            let announcement = try decoder.decodeDetail(from: body)
            let password = try Self.managementPassword(in: body)
            logger.info("Published report \(announcement.id)")
            return PublishedReport(announcement: announcement, managementPassword: password)
        } catch let error as AnnouncementDecodingError {
            throw failure(.transport(.badResponse("created report unreadable: \(error.description)")), url: url)
        } catch {
            throw failure(.transport(.badResponse("created report unreadable: \(error)")), url: url)
        }
    }

    @concurrent
    public func addPhoto(_ photo: ReportPhoto, toReport id: String, password: String) async throws(PublishError) {
        guard !id.isEmpty else { throw .notFound }
        guard let url = endpoints.photos(id: id) else { throw invalidBaseURL() }
        // The backend would refuse it after the whole upload.
        guard photo.data.count <= ReportPhoto.maximumBytes else {
            throw failure(
                .rejected(field: nil, problem: .tooLong(limit: ReportPhoto.maximumBytes)), url: url,
                operation: .addPhoto)
        }
        let boundary = "PetSpot-\(UUID().uuidString)"
        var body = ByteBuffer()
        do {
            try MultipartSerializer().serialize(parts: [Self.part(for: photo)], boundary: boundary, into: &body)
        } catch {
            throw failure(.transport(.badResponse("could not encode the photo: \(error)")), url: url)
        }
        let credentials = Data("\(Self.basicAuthUser):\(password)".utf8).base64EncodedString()
        let request = BoundedRequest.send(
            url: url, method: .POST,
            headers: [
                ("Content-Type", "multipart/form-data; boundary=\(boundary)"),
                ("Authorization", "Basic \(credentials)"),
            ],
            body: body, connectTimeout: configuration.connectTimeout, deadline: configuration.uploadDeadline)
        _ = try await exchange(request, operation: .addPhoto)
        logger.info("Added a photo (\(photo.data.count) bytes) to report \(id)")
    }

    // MARK: - Building

    /// The `photo` file part: its file name quoted as browsers quote it
    /// (`"`, CR and LF percent-encoded), and its type when it is one.
    static func part(for photo: ReportPhoto) -> MultipartPart {
        var name = ""
        for scalar in photo.fileName.unicodeScalars {
            switch scalar {
            case "\"": name += "%22"
            case "\r": name += "%0D"
            case "\n": name += "%0A"
            default: name.unicodeScalars.append(scalar)
            }
        }
        if name.isEmpty { name = "photo" }
        let type =
            photo.mimeType.isEmpty || photo.mimeType.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" })
            ? "application/octet-stream" : photo.mimeType
        let headers: HTTPHeaders = [
            "Content-Disposition": "form-data; name=\"photo\"; filename=\"\(name)\"",
            "Content-Type": type,
        ]
        return MultipartPart(headers: headers, body: photo.data)
    }

    /// Six decimal digits, or the answer is not one PetSpot can use.
    static func managementPassword(in body: Data) throws -> String {
        struct Created: Decodable { var managementPassword: String }
        let password = try JSONDecoder().decode(Created.self, from: body).managementPassword
        guard password.utf8.count == 6, password.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw AnnouncementDecodingError.malformedBody("managementPassword is not six digits")
        }
        return password
    }

    // MARK: - Transport

    enum Operation: String {
        case publish = "POST report"
        case addPhoto = "POST photo"
        case update = "PATCH report"
    }

    /// The body of a 2xx answer; anything else mapped to `PublishError`.
    private func exchange(_ request: BoundedRequest, operation: Operation) async throws(PublishError) -> Data {
        switch await answer(to: request) {
        case .body(let body):
            return body
        case .refused(let status, let envelope, let preview):
            let error = Self.classify(status: status, envelope: envelope, operation: operation, preview: preview)
            throw failure(error, url: request.url, operation: operation)
        case .failed(let error, let cause):
            throw failure(.transport(error), url: request.url, operation: operation, cause: cause)
        }
    }

    /// What came back for one request, before it means anything to a caller.
    enum Answer {
        /// A 2xx answer's body.
        case body(Data)
        /// Any other status, with the error envelope when there is one.
        case refused(status: UInt, envelope: WireErrorEnvelope.Body?, preview: Data?)
        /// No usable answer; `cause` is the technical error, for the log.
        case failed(RepositoryError, cause: (any Error)?)
    }

    /// Sends `request` and reads its answer: a 2xx body up to
    /// `maxResponseBytes`, an error's envelope up to `errorEnvelopeBytes`.
    func answer(to request: BoundedRequest) async -> Answer {
        if Task.isCancelled { return .failed(.cancelled, cause: nil) }
        let response: BoundedResponse
        do {
            response = try await request.execute()
        } catch {
            return .failed(TransportErrorClassifier.classify(error, phase: .awaitingResponse), cause: error)
        }
        guard (200..<300).contains(response.status) else {
            // The error envelope, never more than a little of it.
            let preview = try? await response.body(upTo: Self.errorEnvelopeBytes)
            let envelope = preview.flatMap { try? JSONDecoder().decode(WireErrorEnvelope.self, from: $0) }?.error
            return .refused(status: response.status, envelope: envelope, preview: preview)
        }
        do {
            let body = try await response.body(upTo: configuration.maxResponseBytes)
            if Task.isCancelled { throw CancellationError() }
            return .body(body)
        } catch let tooBig as NIOTooManyBytesError {
            let limit = tooBig.maxBytes ?? configuration.maxResponseBytes
            return .failed(.badResponse("body larger than \(limit) bytes"), cause: nil)
        } catch {
            return .failed(TransportErrorClassifier.classify(error, phase: .readingBody), cause: error)
        }
    }

    /// What a non-2xx answer means for the form. The codes are the server's
    /// (docs/BEHAVIOUR.md, 4.5); a field the client does not know is `nil`.
    static func classify(
        status: UInt, envelope: WireErrorEnvelope.Body?, operation: Operation, preview: Data? = nil
    ) -> PublishError {
        let field = envelope?.field.flatMap(ReportField.init(rawValue:))
        switch status {
        case 401:
            return .unauthorized
        case 404 where operation == .addPhoto:
            return .notFound
        case 409:
            if field == nil || field == .microchipNumber {
                return .rejected(field: .microchipNumber, problem: .alreadyRegistered)
            }
            return .rejected(field: field, problem: .refusedByServer)
        case 429:
            // Too many wrong passwords for this report: refused for now.
            return .rejected(field: nil, problem: .refusedByServer)
        case 400, 413, 422:
            switch envelope?.code {
            case "MISSING_FILE":
                return .rejected(field: field, problem: .missing)
            case "NOT_AN_IMAGE":
                return .rejected(field: field, problem: .notAllowed)
            case "PAYLOAD_TOO_LARGE":
                return .rejected(field: field, problem: .tooLong(limit: ReportPhoto.maximumBytes))
            default:
                if status == 413 {
                    return .rejected(field: field, problem: .tooLong(limit: ReportPhoto.maximumBytes))
                }
                return .rejected(field: field, problem: .refusedByServer)
            }
        default:
            // 5xx, a 404 for a new report (no such endpoint), 405…: the server
            // did not do it, and the form cannot help.
            let text = preview.map { " body: \(String(decoding: $0.prefix(300), as: UTF8.self))" } ?? ""
            return .transport(.badResponse("HTTP \(status)\(text)"))
        }
    }

    func invalidBaseURL() -> PublishError {
        logger.error("PetSpot API base URL \(baseURL.absoluteString) cannot be used")
        return .transport(.unreachable)
    }

    /// Logs the technical detail once here, so callers only show what it means.
    private func failure(
        _ error: PublishError, url: String, operation: Operation = .publish, cause: (any Error)? = nil
    ) -> PublishError {
        let causeText = cause.map { " (\(String(describing: $0)))" } ?? ""
        switch error {
        case .transport(.cancelled):
            logger.debug("\(operation.rawValue) \(url) cancelled")
        case .transport(let transport):
            logger.warning("\(operation.rawValue) \(url) failed: \(transport)\(causeText)")
        case .rejected(let field, let problem):
            logger.info("\(operation.rawValue) \(url) refused: \(field?.rawValue ?? "no field"), \(problem)")
        case .unauthorized:
            logger.info("\(operation.rawValue) \(url): management password not accepted")
        case .notFound:
            logger.info("\(operation.rawValue) \(url): no such report")
        }
        return error
    }
}
