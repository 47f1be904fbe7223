// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import NIOCore
import NIOHTTP1
import PetSpotDomain

/// `PATCH /api/v1/announcements/{id}` (docs/BEHAVIOUR.md, 4.4): the changed
/// keys as JSON, HTTP Basic auth with the management password, the same
/// bounds as creating a report, and the `200`'s report read with the
/// details endpoint's lenient decoder.
///
/// The original PetSpot API has no such route. It answers `405`, or a `404`
/// as for any unknown path, while a PetSpot server answers `404 NOT_FOUND`
/// for a report it no longer has; an unknown path on a server with the
/// envelope is `NOT_FOUND` too, so a `404` with the envelope is settled by
/// asking for the report itself: still there means the backend cannot
/// change reports.
extension HTTPReportPublisher {
    @concurrent
    public func update(
        reportID id: String, changes: ReportChanges, password: String
    ) async throws(ReportUpdateError) -> Announcement {
        guard !id.isEmpty else { throw .notFound }
        guard let url = endpoints.detail(id: id) else {
            _ = invalidBaseURL()
            throw .transport(.unreachable)
        }
        let json: Data
        do {
            json = try JSONEncoder().encode(changes)
        } catch {
            throw updateFailure(.transport(.badResponse("could not encode the changes: \(error)")), url: url)
        }
        let credentials = Data("\(Self.basicAuthUser):\(password)".utf8).base64EncodedString()
        let request = BoundedRequest.send(
            url: url, method: .PATCH,
            headers: [("Content-Type", "application/json"), ("Authorization", "Basic \(credentials)")],
            body: ByteBuffer(bytes: json), connectTimeout: configuration.connectTimeout,
            deadline: configuration.deadline)
        switch await answer(to: request) {
        case .body(let body):
            do {
                let announcement = try decoder.decodeDetail(from: body)
                guard announcement.id == id else {
                    throw AnnouncementDecodingError.malformedBody("the answer is another report")
                }
                logger.info("Changed report \(id): \(changes.fields.map(\.rawValue).joined(separator: ", "))")
                return announcement
            } catch let error as AnnouncementDecodingError {
                throw updateFailure(
                    .transport(.badResponse("changed report unreadable: \(error.description)")), url: url)
            } catch {
                throw updateFailure(.transport(.badResponse("changed report unreadable: \(error)")), url: url)
            }
        case .refused(404, let envelope, _) where envelope?.code == "NOT_FOUND":
            throw updateFailure(await reportStillServed(id: id) ? .unsupported : .notFound, url: url)
        case .refused(let status, let envelope, let preview):
            throw updateFailure(Self.classifyUpdate(status: status, envelope: envelope, preview: preview), url: url)
        case .failed(let error, let cause):
            throw updateFailure(.transport(error), url: url, cause: cause)
        }
    }

    /// What a non-2xx answer to a change means, but a `404 NOT_FOUND` (see above).
    static func classifyUpdate(status: UInt, envelope: WireErrorEnvelope.Body?, preview: Data?) -> ReportUpdateError {
        let field = envelope?.field.flatMap(ReportField.init(rawValue:))
        switch status {
        case 401:
            return .unauthorized
        case 404, 405, 501:
            // No route for it: a backend that cannot change reports.
            return .unsupported
        case 409:
            if let field {
                return .rejected(
                    field: field, problem: field == .microchipNumber ? .alreadyRegistered : .refusedByServer)
            }
            return .closed
        case 429:
            return .tooManyAttempts
        case 400, 413, 422:
            return .rejected(field: field, problem: .refusedByServer)
        default:
            let text = preview.map { " body: \(String(decoding: $0.prefix(300), as: UTF8.self))" } ?? ""
            return .transport(.badResponse("HTTP \(status)\(text)"))
        }
    }

    /// Whether `GET` still finds the report (after a `404` to the change);
    /// when that cannot be told, the `404` is taken at its word.
    private func reportStillServed(id: String) async -> Bool {
        guard let url = endpoints.detail(id: id) else { return false }
        let request = BoundedRequest.get(
            url: url, accept: "application/json", connectTimeout: configuration.connectTimeout,
            deadline: configuration.deadline)
        guard case .body = await answer(to: request) else { return false }
        return true
    }

    /// Logs the technical detail once here, so callers only show what it means.
    private func updateFailure(_ error: ReportUpdateError, url: String, cause: (any Error)? = nil) -> ReportUpdateError
    {
        let causeText = cause.map { " (\(String(describing: $0)))" } ?? ""
        let operation = Operation.update.rawValue
        switch error {
        case .transport(.cancelled):
            logger.debug("\(operation) \(url) cancelled")
        case .transport(let transport):
            logger.warning("\(operation) \(url) failed: \(transport)\(causeText)")
        case .unsupported:
            logger.warning("\(operation) \(url): this backend cannot change reports")
        case .rejected(let field, let problem):
            logger.info("\(operation) \(url) refused: \(field?.rawValue ?? "no field"), \(problem)")
        case .unauthorized:
            logger.info("\(operation) \(url): management password not accepted")
        case .notFound:
            logger.info("\(operation) \(url): no such report")
        case .closed:
            logger.info("\(operation) \(url): the report is closed")
        case .tooManyAttempts:
            logger.info("\(operation) \(url): too many wrong passwords for now")
        }
        return error
    }
}
