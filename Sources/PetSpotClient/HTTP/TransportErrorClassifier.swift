// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import PetSpotDomain

/// Maps AsyncHTTPClient/NIO errors to what the user can understand.
enum TransportErrorClassifier {
    enum Phase {
        /// Connecting, sending, or waiting for the response head.
        case awaitingResponse
        /// The head arrived; streaming the body.
        case readingBody
    }

    static func classify(_ error: any Error, phase: Phase) -> RepositoryError {
        if Task.isCancelled || error is CancellationError { return .cancelled }
        if let httpError = error as? HTTPClientError {
            switch httpError {
            case .cancelled:
                return .cancelled
            case .deadlineExceeded, .readTimeout, .writeTimeout, .getConnectionFromPoolTimeout:
                return .timedOut
            case .connectTimeout:
                // The host never accepted a connection: that is "can't reach".
                return .unreachable
            case .remoteConnectionClosed:
                return .badResponse("connection closed before the response was complete")
            case .redirectCycleDetected, .redirectLimitReached, .bodyLengthMismatch, .contentLengthMissing,
                .identityCodingIncorrectlyPresent:
                // The server answered, just not usably: "can't reach" would be wrong.
                return .badResponse(String(describing: httpError))
            default:
                return phase == .readingBody
                    ? .badResponse(String(describing: httpError))
                    : .unreachable
            }
        }
        if error is NIOTooManyBytesError { return .badResponse("body too large") }
        if error is HTTPParserError { return .badResponse("unreadable HTTP response: \(error)") }
        if error is DeadlineExceeded { return .timedOut }
        // Refused connections, unknown hosts and the like surface as NIO
        // connection/IO errors before any response: the server is unreachable.
        return phase == .readingBody ? .badResponse(String(describing: error)) : .unreachable
    }
}
