// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import PetSpotDomain

/// The router as the resources see it. Routes added here, directly or
/// through a group (`group("api/v1/announcements")`), reach the router, and
/// their full paths and methods are remembered, so a request for a known
/// path with a method it lacks can be told which methods it has (405 with
/// `Allow`) instead of "no such resource".
final class RouteTable: RouterMethods {
    typealias Context = BasicRequestContext

    private let router: Router<BasicRequestContext>
    private(set) var routes: [(path: RoutePathPattern, methods: [String])] = []

    init(router: Router<BasicRequestContext>) {
        self.router = router
    }

    /// Every route added through a group arrives here with its full path.
    @discardableResult func on<Responder: HTTPResponder>(
        _ path: RouterPath, method: HTTPRequest.Method, responder: Responder
    ) -> Self where Responder.Context == Context {
        router.on(path, method: method, responder: responder)
        // The router answers HEAD for every GET route (`autoGenerateHeadEndpoints`).
        record(RoutePathPattern(path), methods: method == .get ? ["GET", "HEAD"] : [method.rawValue])
        return self
    }

    /// Applies to the routes added after it, as on the router.
    @discardableResult func add(middleware: any MiddlewareProtocol<Request, Response, Context>) -> Self {
        router.add(middleware: middleware)
        return self
    }

    private func record(_ pattern: RoutePathPattern, methods: [String]) {
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
        return ["GET", "HEAD", "PATCH", "POST"].filter(methods.contains)
    }
}

/// A route path such as `/api/v1/announcements/{id}`: literal segments, and
/// `{name}` segments that match any one non-empty segment, as the router does.
struct RoutePathPattern: Sendable, Equatable, CustomStringConvertible {
    private let segments: [Substring]

    /// `/api/v1/announcements/{id}`, as docs/openapi.yaml writes paths.
    var description: String { "/" + segments.joined(separator: "/") }

    init(_ path: String) {
        segments = path.split(separator: "/")
    }

    /// The pattern of a router path, captures written `{name}`.
    init(_ path: RouterPath) {
        self.init(path.description)
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
