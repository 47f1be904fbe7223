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
    }

    var status: HTTPResponse.Status
    var code: Code
    var message: String
    /// The query or path parameter at fault, when there is one.
    var field: String?
    /// For 405: the methods the resource does answer, sent as `Allow`.
    var allowedMethods: [String] = []

    static func invalidParameter(_ field: String, _ message: String) -> APIError {
        APIError(status: .badRequest, code: .invalidParameter, message: message, field: field)
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

    /// A request the HTTP parser could not make sense of; answered before routing.
    static let malformedRequest = APIError(
        status: .badRequest, code: .badRequest, message: "The request could not be parsed.", field: nil
    )

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
