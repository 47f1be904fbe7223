// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// The user name and password of an `Authorization: Basic …` header
/// (RFC 7617). The user name is not checked: any, the empty one included.
struct BasicCredentials: Sendable, Equatable {
    /// The longest `Authorization` header read: base64 of a user name and a
    /// six-digit password is far shorter.
    static let maximumHeaderBytes = 1024

    var user: String
    var password: String

    /// Nil unless the header is `Basic` with base64 of `user:password` in
    /// UTF-8, with a non-empty password.
    init?(authorization header: String?) {
        guard let header, header.utf8.count <= Self.maximumHeaderBytes else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
            let text = String(data: decoded, encoding: .utf8),
            let colon = text.firstIndex(of: ":")
        else { return nil }
        user = String(text[..<colon])
        password = String(text[text.index(after: colon)...])
        guard !password.isEmpty else { return nil }
    }
}
