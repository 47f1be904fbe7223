// SPDX-License-Identifier: GPL-3.0-or-later

import CQRencode

/// A QR code's modules: a square of `size` × `size` dark or light cells, row
/// by row, without the quiet zone (whoever draws it leaves four modules of
/// margin). Encoded by libqrencode in byte mode with error correction M.
public struct QRCode: Sendable, Hashable {
    /// The longest text encoded, in UTF-8 bytes: a version-10 code at level M
    /// holds 213 bytes, which still prints at a module of about 1.5 mm on a
    /// code 9 cm wide, so phones read it from a metre away.
    public static let maximumBytes = 213

    public enum EncodingError: Error, Equatable, Sendable {
        case empty
        /// More than `maximumBytes` UTF-8 bytes.
        case tooLong(bytes: Int)
        /// libqrencode refused the text (out of memory, or no version holds it).
        case failed
    }

    /// Modules per side (21 for version 1, 4 more per version).
    public let size: Int
    /// `size * size` cells, row by row; true is dark.
    public let modules: [Bool]

    public init(encoding text: String) throws(EncodingError) {
        let bytes = text.utf8.count
        guard bytes > 0 else { throw .empty }
        guard bytes <= Self.maximumBytes else { throw .tooLong(bytes: bytes) }
        // Byte mode, case kept: URLs and tel:/mailto: read back exactly as given.
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { throw .failed }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        // Bit 0 of each byte is the module's colour; the other bits say what
        // the module is for (finder, timing, data).
        size = width
        modules = data.map { $0 & 1 == 1 }
    }

    /// Whether the module at `row`, `column` is dark.
    public func isDark(row: Int, column: Int) -> Bool {
        modules[row * size + column]
    }
}
