import Hummingbird
import PetSpotDomain

/// Registers the API's routes on the router and remembers their paths, so a
/// request for a known path with a method it lacks can be told which methods
/// it has (405 with `Allow`) instead of "no such resource".
struct RouteTable {
    let router: Router<BasicRequestContext>
    private(set) var paths: [RoutePathPattern] = []

    init(router: Router<BasicRequestContext>) {
        self.router = router
    }

    /// A GET route; the router answers HEAD for it too (`autoGenerateHeadEndpoints`).
    mutating func get(
        _ path: String,
        use handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> Response
    ) {
        router.get(RouterPath(path), use: handler)
        paths.append(RoutePathPattern(path))
    }

    /// Every route is GET (and so HEAD): the API is read-only.
    static let allowedMethods = ["GET", "HEAD"]
}

/// A route path such as `/api/v1/announcements/{id}`: literal segments, and
/// `{name}` segments that match any one non-empty segment, as the router does.
struct RoutePathPattern: Sendable, Equatable {
    private let segments: [Substring]

    init(_ path: String) {
        segments = path.split(separator: "/")
    }

    func matches(_ path: String) -> Bool {
        let requested = path.split(separator: "/")
        guard requested.count == segments.count else { return false }
        return zip(segments, requested).allSatisfy { pattern, segment in
            (pattern.hasPrefix("{") && pattern.hasSuffix("}")) || pattern == segment
        }
    }
}
