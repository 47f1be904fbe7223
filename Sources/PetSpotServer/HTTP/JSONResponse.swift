// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import PetSpotDomain

/// Builds `application/json` responses with the project's encoder settings.
enum JSONResponse {
    static func make<Value: Encodable>(
        _ value: Value, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        make(body: ByteBuffer(bytes: try makeEncoder().encode(value)), status: status)
    }

    /// A response around an already encoded JSON body.
    static func make(body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: body)
        )
    }

    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        // Readable photo URLs ("/images/x.png", not "\/images\/x.png"), and the same
        // key order in every process so captured responses compare cleanly.
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return encoder
    }

    static func error(_ error: APIError, requestId: String) -> Response {
        var response = make(body: errorBody(error, requestId: requestId), status: error.status)
        if !error.allowedMethods.isEmpty {
            response.headers[.allow] = error.allowedMethods.joined(separator: ", ")
        }
        if let challenge = error.authenticationChallenge {
            response.headers[.wwwAuthenticate] = challenge
        }
        if let seconds = error.retryAfterSeconds {
            response.headers[.retryAfter] = String(seconds)
        }
        return response
    }

    /// The envelope's bytes, also written by the channel handlers that answer
    /// before routing (malformed requests).
    static func errorBody(_ error: APIError, requestId: String) -> ByteBuffer {
        let envelope = WireErrorEnvelope(
            error: .init(
                requestId: requestId, code: error.code.rawValue,
                message: error.message, field: error.field
            ))
        // Encoding this fixed struct of strings cannot fail; fall back to an empty
        // body rather than crash if it ever did.
        return ByteBuffer(bytes: (try? makeEncoder().encode(envelope)) ?? Data())
    }
}
