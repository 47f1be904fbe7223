// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// The D-Bus values PetSpot exchanges with desktop services, as plain Swift:
/// no GVariant escapes GLibKit.
public indirect enum DBusValue: Sendable, Equatable {
    case boolean(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case double(Double)
    case string(String)
    case objectPath(String)
    case variant(DBusValue)
    /// `a{sv}`, the options and results dictionary of most desktop APIs; each
    /// value is sent inside a variant, and read back without it.
    case dictionary([String: DBusValue])
    case tuple([DBusValue])
    /// `as`, such as the bus's list of names.
    case strings([String])
    /// `aa{sv}`, such as GNOME Shell's result metas.
    case dictionaries([[String: DBusValue]])
    /// `ay`, such as the bytes of a serialized icon.
    case bytes([UInt8])
    /// A value of another type, named by its D-Bus signature; only read, never sent.
    case unsupported(signature: String)

    /// The value inside any number of variants.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    public var doubleValue: Double? {
        if case .double(let value) = unwrapped { return value }
        return nil
    }

    public var uint32Value: UInt32? {
        if case .uint32(let value) = unwrapped { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .boolean(let value) = unwrapped { return value }
        return nil
    }

    /// A string or an object path.
    public var stringValue: String? {
        switch unwrapped {
        case .string(let value), .objectPath(let value): value
        default: nil
        }
    }

    public var dictionaryValue: [String: DBusValue]? {
        if case .dictionary(let value) = unwrapped { return value }
        return nil
    }
}

// MARK: GVariant conversion

extension DBusValue {
    /// A new floating GVariant; GDBus calls take ownership of it.
    package func makeVariant() -> OpaquePointer {
        switch self {
        case .boolean(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .int32(let value): return g_variant_new_int32(value)
        case .uint32(let value): return g_variant_new_uint32(value)
        case .double(let value): return g_variant_new_double(value)
        case .string(let value): return g_variant_new_string(value)
        case .objectPath(let value):
            // g_variant_new_object_path aborts on an invalid path: send "/" instead.
            return g_variant_new_object_path(g_variant_is_object_path(value) != 0 ? value : "/")
        case .variant(let inner): return g_variant_new_variant(inner.makeVariant())
        case .dictionary(let entries):
            let entryType = g_variant_type_new("{sv}")
            defer { g_variant_type_free(entryType) }
            var children: [OpaquePointer?] = entries.sorted { $0.key < $1.key }.map { key, value in
                g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value.makeVariant()))
            }
            return children.withUnsafeMutableBufferPointer {
                g_variant_new_array(entryType, $0.baseAddress, gsize($0.count))
            }
        case .tuple(let members):
            var children: [OpaquePointer?] = members.map { $0.makeVariant() }
            return children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        case .strings(let strings):
            var children: [OpaquePointer?] = strings.map { g_variant_new_string($0) }
            let stringType = g_variant_type_new("s")
            defer { g_variant_type_free(stringType) }
            return children.withUnsafeMutableBufferPointer {
                g_variant_new_array(stringType, $0.baseAddress, gsize($0.count))
            }
        case .dictionaries(let dictionaries):
            var children: [OpaquePointer?] = dictionaries.map { DBusValue.dictionary($0).makeVariant() }
            let dictionaryType = g_variant_type_new("a{sv}")
            defer { g_variant_type_free(dictionaryType) }
            return children.withUnsafeMutableBufferPointer {
                g_variant_new_array(dictionaryType, $0.baseAddress, gsize($0.count))
            }
        case .bytes(let bytes):
            let byteType = g_variant_type_new("y")
            defer { g_variant_type_free(byteType) }
            return bytes.withUnsafeBufferPointer {
                g_variant_new_fixed_array(byteType, $0.baseAddress, gsize($0.count), 1)
            }
        case .unsupported:
            return g_variant_new_tuple(nil, 0)
        }
    }

    /// Reads `variant` (not consumed: the caller keeps its reference).
    package init(reading variant: OpaquePointer) {
        let signature = String(cString: g_variant_get_type_string(variant))
        switch signature {
        case "b": self = .boolean(g_variant_get_boolean(variant) != 0)
        case "i": self = .int32(g_variant_get_int32(variant))
        case "u": self = .uint32(g_variant_get_uint32(variant))
        case "d": self = .double(g_variant_get_double(variant))
        case "s": self = .string(String(cString: g_variant_get_string(variant, nil)))
        case "o": self = .objectPath(String(cString: g_variant_get_string(variant, nil)))
        case "v":
            let inner = g_variant_get_variant(variant)!
            defer { g_variant_unref(inner) }
            self = .variant(DBusValue(reading: inner))
        case "as":
            self = .strings(
                (0..<g_variant_n_children(variant)).map { index in
                    let member = g_variant_get_child_value(variant, index)!
                    defer { g_variant_unref(member) }
                    return String(cString: g_variant_get_string(member, nil))
                })
        case "a{sv}":
            var entries: [String: DBusValue] = [:]
            for index in 0..<g_variant_n_children(variant) {
                let entry = g_variant_get_child_value(variant, index)!
                defer { g_variant_unref(entry) }
                let key = g_variant_get_child_value(entry, 0)!
                let value = g_variant_get_child_value(entry, 1)!
                // Each value is a variant by the type: keep what is inside, as sent.
                let read = DBusValue(reading: value)
                if case .variant(let inner) = read {
                    entries[String(cString: g_variant_get_string(key, nil))] = inner
                } else {
                    entries[String(cString: g_variant_get_string(key, nil))] = read
                }
                g_variant_unref(key)
                g_variant_unref(value)
            }
            self = .dictionary(entries)
        case "ay":
            var count: gsize = 0
            let start = g_variant_get_fixed_array(variant, &count, 1)
            self = .bytes(Array(UnsafeRawBufferPointer(start: start, count: Int(count))))
        case "aa{sv}":
            self = .dictionaries(
                (0..<g_variant_n_children(variant)).map { index in
                    let member = g_variant_get_child_value(variant, index)!
                    defer { g_variant_unref(member) }
                    return DBusValue(reading: member).dictionaryValue ?? [:]
                })
        default:
            guard signature.hasPrefix("(") else {
                self = .unsupported(signature: signature)
                return
            }
            self = .tuple(
                (0..<g_variant_n_children(variant)).map { index in
                    let member = g_variant_get_child_value(variant, index)!
                    defer { g_variant_unref(member) }
                    return DBusValue(reading: member)
                })
        }
    }

    /// The members of a message body (a tuple); an absent body has none.
    package static func members(of body: OpaquePointer?) -> [DBusValue] {
        guard let body else { return [] }
        if case .tuple(let members) = DBusValue(reading: body) { return members }
        return []
    }
}
