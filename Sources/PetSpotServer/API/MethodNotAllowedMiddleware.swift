import Hummingbird
import PetSpotDomain

/// Added after every route, so it wraps only the router's "not found" answer:
/// when the path is one of ours and only the method is wrong, the client gets a
/// 405 with `Allow` rather than a 404 that says the resource does not exist.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    let knownPaths: [RoutePathPattern]

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        guard !RouteTable.allowedMethods.contains(request.method.rawValue),
              knownPaths.contains(where: { $0.matches(path) })
        else {
            return try await next(request, context)
        }
        throw APIError.methodNotAllowed(allowed: RouteTable.allowedMethods)
    }
}
