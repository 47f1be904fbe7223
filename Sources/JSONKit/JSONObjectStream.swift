// SPDX-License-Identifier: GPL-3.0-or-later

import CJSONScan

/// A JSON object read as it arrives, whose large arrays are handed over a
/// piece at a time: the body is never held whole, and neither is a parsed
/// copy of it. Memory grows with the largest piece and with what the caller
/// keeps of each, not with the body.
///
/// Feed the bytes in order, take the pieces ready after each feed, then
/// finish and read the envelope: the object with those arrays written `[]`.
/// Every byte is parsed and validated by simdjson once, in a piece or in the
/// envelope, so a body is accepted exactly when it is valid JSON (a top-level
/// value that is not an object is the envelope, whole).
public final class JSONObjectStream {
    /// A piece of one of the named arrays: some of its elements, in order.
    public struct Piece {
        /// The position of the array's name among those streamed.
        public let name: Int
        public let elements: JSONElements
    }

    private let splitter: OpaquePointer
    private let options: JSONDocument.Options
    private var lastPiece: JSONDocument?

    /// Streams the arrays under `names` (the first occurrence of each), in
    /// pieces of about `pieceBytes` of JSON.
    public init(arrays names: [String], pieceBytes: Int = 1 << 20, options: JSONDocument.Options = []) {
        let encoded = names.map { Array($0.utf8) }
        var starts: [UnsafePointer<UInt8>?] = []
        let lengths = encoded.map(\.count)
        // Copied by the splitter before these pointers go.
        splitter = JSONObjectStream.withPointers(to: encoded, &starts) { starts in
            lengths.withUnsafeBufferPointer { lengths in
                cjs_splitter_new(starts.baseAddress, lengths.baseAddress, names.count, max(pieceBytes, 1))
            }
        }!
        self.options = options
    }

    deinit { cjs_splitter_free(splitter) }

    /// Scans the next bytes of the body.
    public func feed(_ bytes: some Collection<UInt8>) throws(JSONParseError) {
        var message: UnsafePointer<CChar>?
        let scanned =
            bytes.withContiguousStorageIfAvailable { buffer in
                cjs_splitter_feed(splitter, buffer.baseAddress, buffer.count, &message)
            }
            ?? Array(bytes).withUnsafeBufferPointer { cjs_splitter_feed(splitter, $0.baseAddress, $0.count, &message) }
        if !scanned { throw Self.error(message) }
    }

    /// The next piece ready, nil when none is until more bytes are fed.
    public func nextPiece() throws(JSONParseError) -> Piece? {
        // The last piece's memory is parsed into again when nothing read from
        // it is still held: one allocation for every piece, no heap churn.
        if !isKnownUniquelyReferenced(&lastPiece) {
            lastPiece = try JSONDocument(parsing: Self.emptyArray)
        }
        let document = lastPiece!
        var message: UnsafePointer<CChar>?
        var name = 0
        switch cjs_splitter_next_piece(
            splitter, document.handle, options.contains(.nullForUnreadableScalars), &name, &message)
        {
        case 0:
            return nil
        case 1:
            // The splitter only makes arrays.
            return Piece(name: name, elements: document.root.elements!)
        default:
            lastPiece = nil
            throw Self.error(message)
        }
    }

    private static let emptyArray: [UInt8] = Array("[]".utf8)

    /// The body has ended (take the last pieces with `nextPiece` after it):
    /// throws when it stopped inside a value.
    public func finish() throws(JSONParseError) {
        var message: UnsafePointer<CChar>?
        if !cjs_splitter_finish(splitter, &message) { throw Self.error(message) }
    }

    /// After `finish` and the last piece: the envelope.
    public func envelope() throws(JSONParseError) -> JSONValue {
        var message: UnsafePointer<CChar>?
        guard let parsed = cjs_splitter_envelope(splitter, options.contains(.nullForUnreadableScalars), &message)
        else { throw Self.error(message) }
        return JSONDocument(adopting: parsed).root
    }

    private static func error(_ message: UnsafePointer<CChar>?) -> JSONParseError {
        JSONParseError(message: message.map { String(cString: $0) } ?? "unknown error")
    }

    private static func withPointers<Result>(
        to arrays: [[UInt8]], _ pointers: inout [UnsafePointer<UInt8>?],
        _ body: (UnsafeBufferPointer<UnsafePointer<UInt8>?>) -> Result
    ) -> Result {
        guard pointers.count < arrays.count else { return pointers.withUnsafeBufferPointer(body) }
        return arrays[pointers.count].withUnsafeBufferPointer { bytes in
            pointers.append(bytes.baseAddress)
            return withPointers(to: arrays, &pointers, body)
        }
    }
}
