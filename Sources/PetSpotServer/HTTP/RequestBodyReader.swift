// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import NIOCore
import PetSpotDomain

/// Request bodies read within a limit: a body announced or found larger is
/// refused with `413` without being kept.
enum RequestBodyReader {
    static func collect(_ request: Request, upTo maximum: Int) async throws -> ByteBuffer {
        if let length = declaredLength(of: request), length > maximum {
            throw tooLarge(maximum)
        }
        do {
            return try await request.body.collect(upTo: maximum)
        } catch is NIOTooManyBytesError {
            throw tooLarge(maximum)
        }
    }

    static func declaredLength(of request: Request) -> Int? {
        request.headers[.contentLength].flatMap { Int($0) }
    }

    static func tooLarge(_ maximum: Int) -> APIError {
        .payloadTooLarge("The body must be at most \(maximum) bytes.")
    }
}
