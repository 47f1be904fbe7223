// SPDX-License-Identifier: GPL-3.0-or-later

import CJSONScan
import Foundation

/// Why bytes are not a JSON document: simdjson's short reason, never a quote
/// of the input (which may be huge or hostile).
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String

    public var description: String { message }
}

/// A parsed JSON document (RFC 8259, validated in full by simdjson, UTF-8
/// included). Its values are read through `root`; every `JSONValue` keeps the
/// document alive, so a value never outlives the memory it reads.
public final class JSONDocument {
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Numbers that fit no 64-bit integer nor a finite double, and strings
        /// that cannot be read (bad escapes, unpaired surrogates, raw control
        /// characters), read as `null` instead of failing the whole document:
        /// one odd value should cost that value only. Such a value that is too
        /// short to overwrite (under 4 bytes, e.g. `01`) still fails.
        public static let nullForUnreadableScalars = Options(rawValue: 1)
    }

    // Owned: freed in deinit, and every value holds a strong reference to self.
    let handle: OpaquePointer

    /// Parses a copy of `bytes`: no padding or lifetime is asked of them.
    /// A UTF-8 byte order mark is skipped.
    public init(parsing bytes: some ContiguousBytes, options: Options = []) throws(JSONParseError) {
        var message: UnsafePointer<CChar>?
        let parsed = bytes.withUnsafeBytes { buffer in
            cjs_parse(
                buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count,
                options.contains(.nullForUnreadableScalars), &message)
        }
        guard let parsed else {
            throw JSONParseError(message: message.map { String(cString: $0) } ?? "unknown error")
        }
        handle = parsed
    }

    /// Takes ownership of a document parsed elsewhere in this module.
    init(adopting handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { cjs_free(handle) }

    /// The top-level value.
    public var root: JSONValue {
        // The parser always puts a value at the root index.
        JSONValue(document: self, index: cjs_root(handle))!
    }

    fileprivate func read(_ index: Int) -> cjs_value? {
        var value = cjs_value()
        return cjs_read(handle, index, &value) ? value : nil
    }
}

/// One value of a `JSONDocument`.
public struct JSONValue {
    public enum Kind: Sendable, Hashable {
        case null, bool, number, string, array, object
    }

    private let document: JSONDocument
    private let raw: cjs_value

    fileprivate init?(document: JSONDocument, index: Int) {
        guard let raw = document.read(index) else { return nil }
        self.init(document: document, raw: raw)
    }

    fileprivate init(document: JSONDocument, raw: cjs_value) {
        self.document = document
        self.raw = raw
    }

    private var index: Int { raw.index }

    public var kind: Kind {
        switch raw.kind {
        case CJS_NULL: .null
        case CJS_FALSE, CJS_TRUE: .bool
        case CJS_INT64, CJS_UINT64, CJS_DOUBLE: .number
        case CJS_STRING: .string
        case CJS_ARRAY: .array
        default: .object
        }
    }

    public var isNull: Bool { raw.kind == CJS_NULL }

    public var bool: Bool? { raw.boolValue }

    /// Any number, as the nearest double (integers beyond 2^53 round).
    public var double: Double? { raw.doubleValue }

    /// A number written as an integer (no fraction, no exponent) that fits
    /// Int64, exactly. `3.0` and `1e3` are doubles: read them with `double`.
    public var int64: Int64? { raw.int64Value }

    /// A number written as a non-negative integer that fits UInt64, exactly.
    public var uint64: UInt64? { raw.uint64Value }

    /// A string's text (unescaped; the parser has checked it is valid UTF-8).
    public var string: String? {
        withExtendedLifetime(document) { raw.stringValue }
    }

    /// The start of a string, at most `maxUTF8Bytes` of it cut where a
    /// character's encoding starts, and whether that is the whole string. Only
    /// the part kept becomes a `String`, however long the JSON string is.
    public func stringPrefix(maxUTF8Bytes: Int) -> JSONStringPrefix? {
        withExtendedLifetime(document) { raw.stringPrefix(maxUTF8Bytes: maxUTF8Bytes) }
    }

    /// Elements of an array, fields of an object; nil for anything else.
    public var count: Int? {
        raw.kind == CJS_ARRAY || raw.kind == CJS_OBJECT ? raw.count : nil
    }

    /// An array's elements in order; nil if this is not an array.
    public var elements: JSONElements? {
        guard raw.kind == CJS_ARRAY else { return nil }
        return JSONElements(document: document, first: index + 1, end: raw.next - 1, count: raw.count) { document, at in
            JSONValue(document: document, index: at).map { ($0, $0.next) }
        }
    }

    /// An object's fields in order, duplicates included; nil if this is not an object.
    public var members: JSONMembers? {
        guard raw.kind == CJS_OBJECT else { return nil }
        return JSONMembers(document: document, first: index + 1, end: raw.next - 1, count: raw.count) { document, at in
            guard let key = JSONValue(document: document, index: at)?.string,
                let value = JSONValue(document: document, index: at + 1)
            else { return nil }
            return (JSONMember(key: key, value: value), value.next)
        }
    }

    /// The value of an object's field `key` (the first one if repeated); nil if
    /// absent or if this is not an object.
    public subscript(key: String) -> JSONValue? {
        fields(JSONFieldNames([key]))?[0]
    }

    /// The values of the fields `names` of an object, found in one pass over
    /// it; nil if this is not an object. Cheaper than one subscript per key.
    public func fields(_ names: JSONFieldNames) -> JSONFields? {
        guard raw.kind == CJS_OBJECT else { return nil }
        var found = [cjs_value](repeating: cjs_value(), count: max(names.count, 1))
        let isObject = names.withNames { names in
            found.withUnsafeMutableBufferPointer { found in
                cjs_find_fields(document.handle, index, names, found.baseAddress)
            }
        }
        return isObject ? JSONFields(document: document, values: found) : nil
    }

    fileprivate var next: Int { raw.next }
}

/// Distinct field names prepared once for `JSONValue.fields(_:)`.
public struct JSONFieldNames: Sendable {
    private let bytes: [UInt8]
    private let ends: [Int]
    private let buckets: [Int]
    private let chain: [Int]

    public init(_ names: [String]) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var buckets = [Int](repeating: 0, count: Int(CJS_NAME_BUCKETS))
        var chain = [Int](repeating: 0, count: names.count)
        for name in names {
            bytes.append(contentsOf: name.utf8)
            ends.append(bytes.count)
        }
        // Backwards, so that each bucket lists its names in the given order.
        for position in names.indices.reversed() {
            let start = position == 0 ? 0 : ends[position - 1]
            let bucket = bytes[start..<ends[position]].withUnsafeBufferPointer {
                cjs_name_hash($0.baseAddress, $0.count)
            }
            chain[position] = buckets[bucket]
            buckets[bucket] = position + 1
        }
        // Never empty, so no buffer's base address is nil.
        if bytes.isEmpty { bytes.append(0) }
        if chain.isEmpty { chain.append(0) }
        ends.append(0)
        self.bytes = bytes
        self.ends = ends
        self.buckets = buckets
        self.chain = chain
        count = names.count
    }

    public let count: Int

    fileprivate func withNames<Result>(_ body: (UnsafePointer<cjs_names>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                buckets.withUnsafeBufferPointer { buckets in
                    chain.withUnsafeBufferPointer { chain in
                        var names = cjs_names(
                            bytes: bytes.baseAddress, ends: ends.baseAddress, count: count,
                            buckets: buckets.baseAddress, chain: chain.baseAddress)
                        return body(&names)
                    }
                }
            }
        }
    }
}

/// The start of a string that may be longer than the reader wants to keep.
public struct JSONStringPrefix: Sendable, Hashable {
    public let text: String
    /// False when the string goes on past `text`.
    public let isWhole: Bool

    public init(text: String, isWhole: Bool) {
        self.text = text
        self.isWhole = isWhole
    }
}

/// The values `JSONValue.fields(_:)` found, by the position of their name.
public struct JSONFields {
    private let document: JSONDocument
    private let values: [cjs_value]

    fileprivate init(document: JSONDocument, values: [cjs_value]) {
        self.document = document
        self.values = values
    }

    /// The value of the `position`-th name; nil if the object lacks it.
    public subscript(position: Int) -> JSONValue? {
        let raw = values[position]
        return raw.next == 0 ? nil : JSONValue(document: document, raw: raw)
    }

    // Shortcuts for `self[position]?.string` and the like: reading many
    // fields this way makes no `JSONValue`, so no reference counting.

    public func string(_ position: Int) -> String? {
        withExtendedLifetime(document) { values[position].stringValue }
    }

    public func stringPrefix(_ position: Int, maxUTF8Bytes: Int) -> JSONStringPrefix? {
        withExtendedLifetime(document) { values[position].stringPrefix(maxUTF8Bytes: maxUTF8Bytes) }
    }

    public func double(_ position: Int) -> Double? { values[position].doubleValue }

    public func int64(_ position: Int) -> Int64? { values[position].int64Value }
}

/// A container's children in document order: an array's elements
/// (`JSONElements`) or an object's fields (`JSONMembers`).
public struct JSONChildren<Element>: Sequence {
    /// Reads the child at a position of the document: it and where the next one starts.
    fileprivate typealias Reader = (JSONDocument, Int) -> (child: Element, next: Int)?

    private let document: JSONDocument
    private let first: Int
    private let end: Int
    private let read: Reader
    public let count: Int

    fileprivate init(document: JSONDocument, first: Int, end: Int, count: Int, read: @escaping Reader) {
        self.document = document
        self.first = first
        self.end = end
        self.count = count
        self.read = read
    }

    public var underestimatedCount: Int { count }

    public func makeIterator() -> Iterator { Iterator(document: document, position: first, end: end, read: read) }

    public struct Iterator: IteratorProtocol {
        fileprivate let document: JSONDocument
        fileprivate var position: Int
        fileprivate let end: Int
        fileprivate let read: Reader

        public mutating func next() -> Element? {
            guard position < end, let (child, next) = read(document, position) else { return nil }
            position = next
            return child
        }
    }
}

/// An array's elements.
public typealias JSONElements = JSONChildren<JSONValue>

/// An object's fields in document order.
public typealias JSONMembers = JSONChildren<JSONMember>

/// One field of an object.
public struct JSONMember {
    public let key: String
    public let value: JSONValue
}

// The scalar readings shared by JSONValue and JSONFields.
extension cjs_value {
    fileprivate var boolValue: Bool? {
        switch kind {
        case CJS_TRUE: true
        case CJS_FALSE: false
        default: nil
        }
    }

    fileprivate var doubleValue: Double? {
        switch kind {
        case CJS_INT64: Double(Int64(bitPattern: bits))
        case CJS_UINT64: Double(bits)
        case CJS_DOUBLE: Double(bitPattern: bits)
        default: nil
        }
    }

    fileprivate var int64Value: Int64? {
        kind == CJS_INT64 ? Int64(bitPattern: bits) : nil
    }

    fileprivate var uint64Value: UInt64? {
        switch kind {
        case CJS_UINT64: bits
        case CJS_INT64: Int64(bitPattern: bits) >= 0 ? bits : nil
        default: nil
        }
    }

    /// Reads the document's memory: the caller keeps the document alive.
    fileprivate func stringPrefix(maxUTF8Bytes: Int) -> JSONStringPrefix? {
        guard kind == CJS_STRING else { return nil }
        let bytes = UnsafeBufferPointer(start: string, count: length)
        guard bytes.count > maxUTF8Bytes else {
            return JSONStringPrefix(text: String(decoding: bytes, as: UTF8.self), isWhole: true)
        }
        // Back off continuation bytes (10xxxxxx) so no character is split.
        var end = max(maxUTF8Bytes, 0)
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return JSONStringPrefix(text: String(decoding: bytes[..<end], as: UTF8.self), isWhole: false)
    }

    /// Reads the document's memory: the caller keeps the document alive.
    fileprivate var stringValue: String? {
        guard kind == CJS_STRING else { return nil }
        return String(decoding: UnsafeBufferPointer(start: string, count: length), as: UTF8.self)
    }
}
