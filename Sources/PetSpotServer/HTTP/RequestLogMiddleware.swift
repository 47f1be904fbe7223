// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import Logging
import PetSpotDomain

/// One info line per request: method, path with query, status and duration.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, since: started, context: context)
            return response
        } catch {
            // Only reached if a middleware below the error envelope throws.
            log(request, status: 500, since: started, context: context)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, since started: ContinuousClock.Instant, context: Context) {
        let line = RequestLogFormat.line(
            method: request.method.rawValue, target: request.uri.description,
            status: status, duration: started.duration(to: .now)
        )
        context.logger.info("\(line)")
    }
}

/// The text of a request log line, e.g. `GET /api/health 200 0.4 ms`.
enum RequestLogFormat {
    static func line(method: String, target: String, status: Int, duration: Duration) -> String {
        "\(method) \(target) \(status) \(milliseconds(duration)) ms"
    }

    /// Milliseconds with one decimal, e.g. "3.2".
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenthsOfMilliseconds = seconds * 10_000 + attoseconds / 100_000_000_000_000
        return "\(tenthsOfMilliseconds / 10).\(tenthsOfMilliseconds % 10)"
    }
}
