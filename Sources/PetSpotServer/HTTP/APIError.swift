// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import PetSpotDomain

/// A failure the API reports to clients through the error envelope
/// `{"error": {"requestId", "code", "message", "field"?}}`.
struct APIError: Error, Sendable, Equatable {
    /// Stable machine-readable codes; clients branch on these, never on messages.
    enum Code: String, Sendable {
        case notFound = "NOT_FOUND"
        case invalidParameter = "INVALID_PARAMETER"
        case methodNotAllowed = "METHOD_NOT_ALLOWED"
        case badRequest = "BAD_REQUEST"
        case internalError = "INTERNAL_ERROR"
        /// A body key the report endpoint does not take, a value of the wrong
        /// JSON type, or one that breaks `ReportRules`; `field` names it.
        case invalidField = "INVALID_FIELD"
        /// The body is not JSON, not an object, or not `multipart/form-data`.
        case invalidBody = "INVALID_BODY"
        /// Another report already has this value (`field`: `microchipNumber`),
        /// or a change to a report that is closed (no `field`).
        case conflict = "CONFLICT"
        /// The body (or the photo in it) is over the endpoint's limit.
        case payloadTooLarge = "PAYLOAD_TOO_LARGE"
        /// No usable HTTP Basic credentials, or a password that does not match.
        case unauthorized = "UNAUTHORIZED"
        /// An upload without its `photo` file part, or with an empty one.
        case missingFile = "MISSING_FILE"
        /// The uploaded file is not a JPEG, PNG, GIF or WebP image (by its bytes).
        case notAnImage = "NOT_AN_IMAGE"
        /// The uploaded image has more pixels, or a longer side, than
        /// `PhotoLimits` allow (clients could not show it).
        case photoTooLarge = "PHOTO_TOO_LARGE"
        /// Too many wrong management passwords for this report lately.
        case tooManyAttempts = "TOO_MANY_ATTEMPTS"
        /// Too many new reports from this client address lately (`Retry-After` says when).
        case tooManyRequests = "TOO_MANY_REQUESTS"
        /// The server has too much of this work in hand (`Retry-After` says when to try again).
        case busy = "BUSY"
        /// The database could not be reached (`Retry-After` says when to try again).
        case unavailable = "UNAVAILABLE"
    }

    var status: HTTPResponse.Status
    var code: Code
    var message: String
    /// The query or path parameter at fault, when there is one.
    var field: String?
    /// For 405: the methods the resource does answer, sent as `Allow`.
    var allowedMethods: [String] = []
    /// For 401: the challenge sent as `WWW-Authenticate`.
    var authenticationChallenge: String?
    /// For 503: how long to wait, sent as `Retry-After`.
    var retryAfterSeconds: Int?

    static func invalidParameter(_ field: String, _ message: String) -> APIError {
        APIError(status: .badRequest, code: .invalidParameter, message: message, field: field)
    }

    /// 400 `INVALID_FIELD`: a body field at fault (a report's key, or `photo`).
    static func invalidField(_ field: String, _ message: String) -> APIError {
        APIError(status: .badRequest, code: .invalidField, message: message, field: field)
    }

    static func invalidBody(_ message: String) -> APIError {
        APIError(status: .badRequest, code: .invalidBody, message: message, field: nil)
    }

    static func payloadTooLarge(_ message: String, field: String? = nil) -> APIError {
        APIError(status: .contentTooLarge, code: .payloadTooLarge, message: message, field: field)
    }

    /// 401 with `WWW-Authenticate: Basic realm="PetSpot"`.
    static func unauthorized(_ message: String) -> APIError {
        var error = APIError(status: .unauthorized, code: .unauthorized, message: message, field: nil)
        error.authenticationChallenge = #"Basic realm="PetSpot""#
        return error
    }

    static func notFound(_ message: String) -> APIError {
        APIError(status: .notFound, code: .notFound, message: message, field: nil)
    }

    static func methodNotAllowed(allowed methods: [String]) -> APIError {
        var error = APIError(
            status: .methodNotAllowed, code: .methodNotAllowed, message: "Method not allowed.", field: nil)
        error.allowedMethods = methods
        return error
    }

    /// 503 `UNAVAILABLE`: the database did not answer; nothing was done.
    static let databaseUnavailable: APIError = {
        var error = APIError(
            status: .serviceUnavailable, code: .unavailable,
            message: "The server cannot reach its database. Try again in a moment.", field: nil)
        error.retryAfterSeconds = DatabaseUnavailableError.retryAfterSeconds
        return error
    }()

    /// A request the HTTP parser could not make sense of; answered before routing.
    static let malformedRequest = APIError(
        status: .badRequest, code: .badRequest, message: "The request could not be parsed.", field: nil
    )

    // swift-format-ignore: DontRepeatTypeInStaticProperties
    // Named after its wire code, INTERNAL_ERROR, as every other answer is.
    static let internalError = APIError(
        status: .internalServerError, code: .internalError,
        message: "The server could not complete the request.", field: nil
    )

    /// Errors Hummingbird raises itself (unknown route, bad request line…).
    init(hummingbirdStatus status: HTTPResponse.Status) {
        switch status {
        case .notFound:
            self.init(status: status, code: .notFound, message: "No such resource.", field: nil)
        case .methodNotAllowed:
            self.init(status: status, code: .methodNotAllowed, message: "Method not allowed.", field: nil)
        case _ where status.kind == .clientError:
            self.init(status: status, code: .badRequest, message: status.reasonPhrase, field: nil)
        default:
            self = .internalError
        }
    }

    init(status: HTTPResponse.Status, code: Code, message: String, field: String?) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
    }
}
