// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// A photo file name that is safe to look up inside the images directory: one
/// plain name with a known image extension, never a path.
struct ImageFileName: Sendable, Equatable {
    /// The longest name looked up, in bytes: the usual file system limit.
    static let maximumBytes = 255

    let name: String
    let contentType: String

    private static let contentTypes: [String: String] = [
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "png": "image/png",
        "webp": "image/webp",
        "gif": "image/gif",
    ]

    /// Nil for anything that could escape the directory or is not a photo:
    /// separators, "..", hidden files, control characters, unknown extensions.
    init?(_ candidate: String) {
        guard !candidate.isEmpty, candidate.utf8.count <= Self.maximumBytes,
            !candidate.hasPrefix("."),
            !candidate.contains("/"), !candidate.contains("\\"),
            !candidate.contains(".."),
            !candidate.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
            let dot = candidate.lastIndex(of: ".")
        else { return nil }
        let fileExtension = candidate[candidate.index(after: dot)...].lowercased()
        guard let contentType = Self.contentTypes[fileExtension] else { return nil }
        self.name = candidate
        self.contentType = contentType
    }

    /// The name in a `/images/NAME` photo URL, when it is one.
    init?(photoURL: String) {
        let prefix = "/images/"
        guard photoURL.hasPrefix(prefix) else { return nil }
        self.init(String(photoURL.dropFirst(prefix.count)))
    }
}
