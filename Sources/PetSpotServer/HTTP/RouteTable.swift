import Foundation
import Hummingbird
import PetSpotDomain

/// Registers the API's routes on the router and remembers their paths and
/// methods, so a request for a known path with a method it lacks can be told
/// which methods it has (405 with `Allow`) instead of "no such resource".
struct RouteTable {
    let router: Router<BasicRequestContext>
    private(set) var routes: [(path: RoutePathPattern, methods: [String])] = []

    init(router: Router<BasicRequestContext>) {
        self.router = router
    }

    typealias Handler = @Sendable (Request, BasicRequestContext) async throws -> Response

    /// A GET route; the router answers HEAD for it too (`autoGenerateHeadEndpoints`).
    mutating func get(_ path: String, use handler: @escaping Handler) {
        router.get(RouterPath(path), use: handler)
        record(path, methods: ["GET", "HEAD"])
    }

    /// A POST route (creating a report, uploading its photo).
    mutating func post(_ path: String, use handler: @escaping Handler) {
        router.post(RouterPath(path), use: handler)
        record(path, methods: ["POST"])
    }

    private mutating func record(_ path: String, methods: [String]) {
        let pattern = RoutePathPattern(path)
        if let index = routes.firstIndex(where: { $0.path == pattern }) {
            routes[index].methods += methods
        } else {
            routes.append((pattern, methods))
        }
    }

    /// The methods answered at `path`, in the order `Allow` lists them; empty
    /// when no route has this path.
    static func allowedMethods(for path: String, in routes: [(path: RoutePathPattern, methods: [String])]) -> [String] {
        let methods = Set(routes.filter { $0.path.matches(path) }.flatMap(\.methods))
        return ["GET", "HEAD", "POST"].filter(methods.contains)
    }
}

/// A route path such as `/api/v1/announcements/{id}`: literal segments, and
/// `{name}` segments that match any one non-empty segment, as the router does.
struct RoutePathPattern: Sendable, Equatable {
    private let segments: [Substring]

    init(_ path: String) {
        segments = path.split(separator: "/")
    }

    /// Whether a request's target ("/a/b?c", or the absolute form
    /// "http://host/a/b?c" that HTTP/1.1 servers must accept) names this
    /// route, as the router would read it.
    func matches(requestTarget target: String) -> Bool {
        var rest = Substring(target)
        if !rest.hasPrefix("/"), let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        let path = rest.prefix { $0 != "?" && $0 != "#" }
        return matches(String(path))
    }

    func matches(_ path: String) -> Bool {
        let requested = path.split(separator: "/")
        guard requested.count == segments.count else { return false }
        return zip(segments, requested).allSatisfy { pattern, segment in
            (pattern.hasPrefix("{") && pattern.hasSuffix("}")) || pattern == segment
        }
    }
}
