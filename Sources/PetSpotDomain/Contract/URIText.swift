// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// The pieces of URI text that the client, the server and the presentation
/// all write, so they write them the same way: RFC 3986 unreserved
/// characters, one path segment, a coordinate as a plain decimal.
public enum URIText {
    /// RFC 3986 unreserved characters (`A–Z a–z 0–9 - . _ ~`): the only ones
    /// percent-encoding leaves as they are.
    public static let unreserved: CharacterSet = {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        allowed.insert(charactersIn: "0123456789-._~")
        return allowed
    }()

    /// `text` as one path segment: everything but unreserved characters is
    /// percent-encoded, so a `/`, `?` or `#` cannot change which resource is
    /// meant, and `.` and `..` are written `%2E` and `%2E%2E`, which URL
    /// normalisation would otherwise collapse.
    public static func encodePathSegment(_ text: String) -> String {
        if text == "." || text == ".." {
            return String(repeating: "%2E", count: text.count)
        }
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// Up to 6 decimals (about 10 cm), never in exponent notation
    /// (`String(0.00001)` is "1e-05", which a strict server may refuse).
    public static func plainDecimal(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
