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

    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    public func resolve(_ raw: String?) -> URL? {
        guard let raw, let text = raw.trimmedNonEmpty,
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0 != "\\" }),
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

    private func resolveRelative(_ reference: URLComponents) -> URL? {
        let relativePath = reference.percentEncodedPath.drop { $0 == "/" }
        guard !relativePath.isEmpty,
            var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            let scheme = components.scheme, Self.allowedSchemes.contains(scheme.lowercased())
        else { return nil }
        components.percentEncodedPath = components.percentEncodedPath.trimmingSlashesAtEnd + "/" + relativePath
        components.percentEncodedQuery = reference.percentEncodedQuery
        components.fragment = nil
        return Self.withHost(components)?.url
    }
}

extension String {
    var trimmingSlashesAtEnd: String {
        var result = Substring(self)
        while result.last == "/" { result = result.dropLast() }
        return String(result)
    }
}
