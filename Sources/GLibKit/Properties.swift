// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// GObject properties by name, for those without a C setter or getter
/// (GtkSearchEntry's `placeholder-text` in 4.8, `accessible-role`).
package enum Properties {
    package static func set(_ object: UnsafeMutableRawPointer, _ name: String, _ value: some GValueRepresentable) {
        withGValue(value) { g_object_set_property(gobject(object), name, $0) }
    }

    /// The property's value; nil when it does not exist or holds another type.
    package static func get<Value: GValueRepresentable>(
        _ object: UnsafeMutableRawPointer, _ name: String, as _: Value.Type = Value.self
    ) -> Value? {
        // Since GLib 2.60 an empty GValue is initialised to the property's type.
        var gValue = GValue()
        g_object_get_property(gobject(object), name, &gValue)
        guard gValue.g_type != 0 else { return nil }
        defer { g_value_unset(&gValue) }
        return Value(gValue: &gValue)
    }
}
