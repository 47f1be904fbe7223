// SPDX-License-Identifier: GPL-3.0-or-later

import NIOCore

/// Finds a byte above 0x7F in a part's header name before multipart-kit's
/// parser reads it: its parser (4.7.1) looks such a byte up in a table of
/// the 128 ASCII characters and traps, which ends the whole server. Header
/// names are ASCII tokens, so such a body is refused like any other that is
/// not multipart; header values (a file name in UTF-8) may hold any byte.
///
/// The bytes are checked as they arrive, chunk by chunk. A header block
/// starts after each `--boundary` line (the parser's boundaries are those
/// of them that start the body or follow a line break; a part's content
/// never holds its boundary) and ends at an empty line.
struct MultipartHeaderNameCheck {
    /// `--boundary` and its line break: the header block follows.
    private let delimiter: [UInt8]
    /// The bytes before the current chunk, as many as a delimiter that
    /// straddles two chunks needs.
    private var carried: [UInt8] = []

    private enum Position {
        /// In a part's content, or before the first boundary.
        case outsideHeaders
        /// In a header's name, `nameLength` bytes into it.
        case name(nameLength: Int)
        /// In a header's value, up to its carriage return.
        case value
        /// After a carriage return: a line feed ends the line, and after an
        /// empty line the headers.
        case lineEnd(emptyLine: Bool)
    }

    private var position = Position.outsideHeaders

    init(boundary: String) {
        delimiter = Array("--\(boundary)\r\n".utf8)
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let colon = UInt8(ascii: ":")

    /// False once these bytes put a byte above 0x7F in a header name.
    mutating func accepts(_ chunk: ByteBuffer) -> Bool {
        let bytes = chunk.readableBytesView
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch position {
            case .outsideHeaders:
                // Most of a body is a photo's bytes: jump from line feed to line feed.
                guard let lineFeed = bytes[index...].firstIndex(of: Self.lineFeed) else {
                    index = bytes.endIndex
                    continue
                }
                if endsDelimiter(bytes, at: lineFeed) { position = .name(nameLength: 0) }
                index = lineFeed + 1
                continue
            case .name(let nameLength):
                let byte = bytes[index]
                if byte > 0x7F { return false }
                if byte == Self.colon {
                    position = .value
                } else if byte == Self.carriageReturn {
                    position = .lineEnd(emptyLine: nameLength == 0)
                } else {
                    position = .name(nameLength: nameLength + 1)
                }
            case .value:
                if bytes[index] == Self.carriageReturn { position = .lineEnd(emptyLine: false) }
            case .lineEnd(let emptyLine):
                // Anything but a line feed is a syntax error the parser reports itself.
                position = bytes[index] == Self.lineFeed && !emptyLine ? .name(nameLength: 0) : .outsideHeaders
            }
            index += 1
        }
        carry(bytes)
        return true
    }

    /// Whether the line feed at `lineFeed` ends a delimiter, whose first
    /// bytes may have come in the chunks before.
    private func endsDelimiter(_ bytes: ByteBufferView, at lineFeed: ByteBufferView.Index) -> Bool {
        let length = delimiter.count
        let available = lineFeed + 1 - bytes.startIndex
        if available >= length {
            return bytes[(lineFeed + 1 - length)...lineFeed].elementsEqual(delimiter)
        }
        let fromCarried = length - available
        guard carried.count >= fromCarried else { return false }
        return (carried.suffix(fromCarried) + bytes[bytes.startIndex...lineFeed]).elementsEqual(delimiter)
    }

    private mutating func carry(_ bytes: ByteBufferView) {
        let keep = delimiter.count - 1
        if bytes.count >= keep {
            carried = Array(bytes.suffix(keep))
        } else {
            carried = Array((carried + bytes).suffix(keep))
        }
    }
}
