// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// The image formats a report's photo may have, recognised by their first
/// bytes (never by the file name): JPEG, PNG, GIF and WebP.
public enum PhotoKind: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, gif, webp

    /// The format `bytes` start with, or `nil` when they are not one of these images.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }

    public var mimeType: String { "image/\(rawValue)" }
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}
