// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import Logging
import PetSpotDomain

/// Turns every thrown error, including Hummingbird's own 404 for unknown routes,
/// into the contract's error envelope so clients never see a bare HTML or empty body.
struct ErrorEnvelopeMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return JSONResponse.error(error, requestId: context.id)
        } catch let error as DatabaseUnavailableError {
            context.logger.warning("Request not served: \(error)")
            return JSONResponse.error(.databaseUnavailable, requestId: context.id)
        } catch let error as any HTTPResponseError {
            return JSONResponse.error(APIError(hummingbirdStatus: error.status), requestId: context.id)
        } catch {
            context.logger.error("Request failed: \(String(reflecting: error))")
            return JSONResponse.error(.internalError, requestId: context.id)
        }
    }
}
