// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Turns a wire `photoUrl` into a URL the app may load, or `nil`.
///
/// Relative references (`/images/x.jpg` and `images/x.jpg` alike) are paths
/// under the API base URL, prefix included: a backend served at
/// `http://host/petspot` has its photos at `http://host/petspot/images/…`,
/// just as its API is at `…/petspot/api/v1/…`. Absolute http/https URLs are
/// kept. Every other scheme (`file:`, `javascript:`, `data:`, `ftp:` …) and
/// anything that is not a well-formed URL is refused: the app never loads
/// something it did not mean to.
public struct PhotoURLResolver: Sendable {
    public let baseURL: URL
    /// The base parsed once rather than for every photo: its parts, its path
    /// without trailing slashes, and `scheme://authority/path/` that plain
    /// paths are appended to; nil when it is not http(s) with a host.
    private let base: (components: URLComponents, path: String, prefix: String)?

    public init(baseURL: URL) {
        self.baseURL = baseURL
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            let scheme = components.scheme, Self.allowedSchemes.contains(scheme.lowercased()),
            Self.withHost(components) != nil
        else {
            base = nil
            return
        }
        let path = components.percentEncodedPath.trimmingSlashesAtEnd
        components.percentEncodedPath = ""
        components.percentEncodedQuery = nil
        components.fragment = nil
        guard let authority = components.string else {
            base = nil
            return
        }
        base = (components, path, authority + path + "/")
    }

    public func resolve(_ raw: String?) -> URL? {
        guard let raw, let text = raw.trimmedNonEmpty else { return nil }
        // The usual `/images/x.jpg`: parsing it and then the joined parts cost
        // more than decoding the rest of the item; the result is the same.
        if Self.isPlainPath(text) { return resolvePlainPath(text) }
        guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0 != "\\" }),
            let reference = URLComponents(string: text)
        else { return nil }

        if let scheme = reference.scheme {
            guard Self.allowedSchemes.contains(scheme.lowercased()) else { return nil }
            return Self.withHost(reference)?.url
        }
        if reference.host != nil {
            // Scheme-relative (`//cdn.example/x.jpg`): borrow the API's scheme.
            var absolute = reference
            absolute.scheme = baseURL.scheme?.lowercased()
            guard let scheme = absolute.scheme, Self.allowedSchemes.contains(scheme) else { return nil }
            return Self.withHost(absolute)?.url
        }
        return resolveRelative(reference)
    }

    private static let allowedSchemes: Set<String> = ["http", "https"]

    private static func withHost(_ components: URLComponents) -> URLComponents? {
        guard let host = components.host, !host.isEmpty else { return nil }
        return components
    }

    /// Only unreserved characters and slashes, not `//…`: a path with no
    /// scheme, authority, query, fragment or percent escape to interpret.
    private static func isPlainPath(_ text: String) -> Bool {
        !text.hasPrefix("//")
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                    UInt8(ascii: "~"), UInt8(ascii: "/"):
                    true
                default: false
                }
            }
    }

    private func resolvePlainPath(_ text: String) -> URL? {
        let relativePath = text.utf8.drop { $0 == UInt8(ascii: "/") }
        guard !relativePath.isEmpty, let prefix = base?.prefix else { return nil }
        return URL(string: prefix + Substring(relativePath))
    }

    private func resolveRelative(_ reference: URLComponents) -> URL? {
        let relativePath = reference.percentEncodedPath.drop { $0 == "/" }
        guard !relativePath.isEmpty, let base else { return nil }
        var components = base.components
        components.percentEncodedPath = base.path + "/" + relativePath
        components.percentEncodedQuery = reference.percentEncodedQuery
        components.fragment = nil
        return components.url
    }
}

extension String {
    var trimmingSlashesAtEnd: String {
        var result = Substring(self)
        while result.last == "/" { result = result.dropLast() }
        return String(result)
    }
}
