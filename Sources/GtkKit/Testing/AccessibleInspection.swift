// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

// What assistive technology is told about a widget, for tests: GTK 4.8 has
// no getter for accessible properties or states (the shim's helpers read them
// through GTK's own test functions). `package`, as the other test helpers.

extension Widget {
    /// The accessible label set on this widget; nil when none was set.
    package var accessibleLabel: String? { accessibleString(GTK_ACCESSIBLE_PROPERTY_LABEL) }

    /// The accessible description set on this widget; nil when none was set.
    package var accessibleDescription: String? { accessibleString(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) }

    /// Whether the widget tells assistive technology its value is invalid
    /// (GTK_ACCESSIBLE_STATE_INVALID set to true).
    package var isAccessibleInvalid: Bool {
        accessibleIntState(GTK_ACCESSIBLE_STATE_INVALID, is: Int32(GTK_ACCESSIBLE_INVALID_TRUE.rawValue))
    }

    /// Whether the widget tells assistive technology it is busy.
    package var isAccessibleBusy: Bool { accessibleIntState(GTK_ACCESSIBLE_STATE_BUSY, is: 1) }

    private var accessible: OpaquePointer { OpaquePointer(widgetPointer) }

    private func accessibleString(_ property: GtkAccessibleProperty) -> String? {
        guard gtk_test_accessible_has_property(accessible, property) != 0 else { return nil }
        // A value no one sets, so GTK answers with the one it holds.
        guard let held = petspot_accessible_check_string_property(accessible, property, "\u{1}") else { return nil }
        defer { g_free(held) }
        return String(cString: held)
    }

    private func accessibleIntState(_ state: GtkAccessibleState, is expected: Int32) -> Bool {
        guard gtk_test_accessible_has_state(accessible, state) != 0 else { return false }
        guard let held = petspot_accessible_check_int_state(accessible, state, expected) else { return true }
        g_free(held)
        return false
    }
}
