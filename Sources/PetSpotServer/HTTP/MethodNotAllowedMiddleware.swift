// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import PetSpotDomain

/// Added after every route, so it wraps only the router's "not found" answer:
/// when the path is one of ours and only the method is wrong, the client gets a
/// 405 with `Allow` rather than a 404 that says the resource does not exist.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: [(path: RoutePathPattern, methods: [String])]

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let allowed = RouteTable.allowedMethods(for: request.uri.path, in: routes)
        guard !allowed.isEmpty, !allowed.contains(request.method.rawValue) else {
            return try await next(request, context)
        }
        throw APIError.methodNotAllowed(allowed: allowed)
    }
}
