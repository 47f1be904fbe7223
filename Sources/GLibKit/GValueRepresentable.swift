// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// A Swift value that goes in and out of a `GValue` (properties, signal
/// parameters and return values), so no caller writes `g_value_*` by hand.
package protocol GValueRepresentable {
    /// The type a `GValue` is initialised with to hold this value.
    var gValueType: GType { get }
    /// Writes into a `GValue` already initialised with a compatible type.
    func store(in gValue: UnsafeMutablePointer<GValue>)
    /// Reads a `GValue`; nil when it holds another type (or a NULL string).
    init?(gValue: UnsafePointer<GValue>)
}

/// Calls `body` with a `GValue` holding `value`, released afterwards.
package func withGValue<Result>(
    _ value: some GValueRepresentable, _ body: (UnsafePointer<GValue>) -> Result
) -> Result {
    var gValue = GValue()
    g_value_init(&gValue, value.gValueType)
    defer { g_value_unset(&gValue) }
    value.store(in: &gValue)
    return withUnsafePointer(to: &gValue) { body($0) }
}

private func holds(_ gValue: UnsafePointer<GValue>, _ type: GType) -> Bool {
    g_type_check_value_holds(gValue, type) != 0
}

extension String: GValueRepresentable {
    package var gValueType: GType { petspot_type_string() }
    package func store(in gValue: UnsafeMutablePointer<GValue>) { g_value_set_string(gValue, self) }
    package init?(gValue: UnsafePointer<GValue>) {
        guard holds(gValue, petspot_type_string()), let text = g_value_get_string(gValue) else { return nil }
        self.init(cString: text)
    }
}

extension Bool: GValueRepresentable {
    package var gValueType: GType { petspot_type_boolean() }
    package func store(in gValue: UnsafeMutablePointer<GValue>) { g_value_set_boolean(gValue, self ? 1 : 0) }
    package init?(gValue: UnsafePointer<GValue>) {
        guard holds(gValue, petspot_type_boolean()) else { return nil }
        self = g_value_get_boolean(gValue) != 0
    }
}

extension Int32: GValueRepresentable {
    package var gValueType: GType { petspot_type_int() }
    package func store(in gValue: UnsafeMutablePointer<GValue>) { g_value_set_int(gValue, self) }
    package init?(gValue: UnsafePointer<GValue>) {
        guard holds(gValue, petspot_type_int()) else { return nil }
        self = g_value_get_int(gValue)
    }
}

extension UInt32: GValueRepresentable {
    package var gValueType: GType { petspot_type_uint() }
    package func store(in gValue: UnsafeMutablePointer<GValue>) { g_value_set_uint(gValue, self) }
    package init?(gValue: UnsafePointer<GValue>) {
        guard holds(gValue, petspot_type_uint()) else { return nil }
        self = g_value_get_uint(gValue)
    }
}

extension Double: GValueRepresentable {
    package var gValueType: GType { petspot_type_double() }
    package func store(in gValue: UnsafeMutablePointer<GValue>) { g_value_set_double(gValue, self) }
    package init?(gValue: UnsafePointer<GValue>) {
        guard holds(gValue, petspot_type_double()) else { return nil }
        self = g_value_get_double(gValue)
    }
}

/// A value of a registered GLib enum type (`GtkAccessibleRole`, `GtkJustification`…):
/// C enums import as plain integers, so the GType travels with the value.
package struct EnumValue: GValueRepresentable, Equatable {
    package let type: GType
    package let rawValue: Int32

    package init(type: GType, rawValue: Int32) {
        self.type = type
        self.rawValue = rawValue
    }

    package init?(gValue: UnsafePointer<GValue>) {
        guard holds(gValue, petspot_type_enum()) else { return nil }
        type = gValue.pointee.g_type
        rawValue = g_value_get_enum(gValue)
    }

    package var gValueType: GType { type }
    package func store(in gValue: UnsafeMutablePointer<GValue>) { g_value_set_enum(gValue, rawValue) }
}
