// SPDX-License-Identifier: GPL-3.0-or-later

/// `http://host[:port]` from a request's `Host` header, for the absolute URLs
/// that link previews need (`og:image`, `og:url`); nil unless the header is
/// one plain host name, IPv4 address or bracketed IPv6 address with an
/// optional port, so a forged header cannot put anything else into the page.
enum RequestOrigin {
    /// The longest `Host` value used, in bytes: the longest DNS name and a port.
    static let maximumHostBytes = 260

    static func origin(host header: String?) -> String? {
        guard let header, !header.isEmpty, header.utf8.count <= maximumHostBytes else { return nil }
        var host = Substring(header)
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let address = host[host.index(after: host.startIndex)..<close]
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                return nil
            }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                port = rest.dropFirst()
            }
            host = host[...close]
        } else {
            if let colon = host.firstIndex(of: ":") {
                port = host[host.index(after: colon)...]
                host = host[..<colon]
            }
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            guard !labels.isEmpty,
                labels.allSatisfy({ label in
                    !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                        && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
                })
            else { return nil }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber),
                let number = Int(port), (1...65_535).contains(number)
            else { return nil }
            return "http://\(host.lowercased()):\(number)"
        }
        return "http://\(host.lowercased())"
    }
}
