// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// Accessible names, descriptions and roles: how screen readers, and the
/// end-to-end tests, find widgets (GTK 4.8 exports no AT-SPI accessible id).
/// Public code reaches these through `Widget`'s `setAccessible…` methods.
@MainActor
package enum Accessibility {
    package static func setLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label)
    }

    package static func setDescription(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text)
    }

    /// The role is fixed once GTK has created the widget's accessible context,
    /// so call this right after constructing the widget.
    package static func setRole(_ widget: UnsafeMutablePointer<GtkWidget>, _ role: GtkAccessibleRole) {
        let value = EnumValue(type: gtk_accessible_role_get_type(), rawValue: Int32(role.rawValue))
        Properties.set(UnsafeMutableRawPointer(widget), "accessible-role", value)
    }

    /// Marks a container as a named group ("the cards inside Recent Reports").
    package static func makeGroup(_ widget: UnsafeMutablePointer<GtkWidget>, named name: String) {
        setRole(widget, GTK_ACCESSIBLE_ROLE_GROUP)
        setLabel(widget, name)
    }

    /// Marks the widget's value as invalid (GTK_ACCESSIBLE_STATE_INVALID, which
    /// AT-SPI reports as "invalid entry"), or forgets the state when valid.
    package static func setInvalid(_ widget: UnsafeMutablePointer<GtkWidget>, _ invalid: Bool) {
        guard invalid else { return reset(widget, GTK_ACCESSIBLE_STATE_INVALID) }
        // A token state: GTK reads it from an int GValue.
        updateState(widget, GTK_ACCESSIBLE_STATE_INVALID, Int32(GTK_ACCESSIBLE_INVALID_TRUE.rawValue))
    }

    /// Marks the widget as busy (work under way), or forgets the state.
    package static func setBusy(_ widget: UnsafeMutablePointer<GtkWidget>, _ busy: Bool) {
        guard busy else { return reset(widget, GTK_ACCESSIBLE_STATE_BUSY) }
        updateState(widget, GTK_ACCESSIBLE_STATE_BUSY, true)
    }

    /// Forgets a label set before: the name then comes from the widget's content.
    package static func resetLabel(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_accessible_reset_property(OpaquePointer(widget), GTK_ACCESSIBLE_PROPERTY_LABEL)
    }

    /// Removes the description, so nothing stale is read.
    package static func resetDescription(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_accessible_reset_property(OpaquePointer(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
    }

    private static func updateState(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ state: GtkAccessibleState, _ value: some GValueRepresentable
    ) {
        var states = [state]
        withGValue(value) { gtk_accessible_update_state_value(OpaquePointer(widget), 1, &states, $0) }
    }

    private static func reset(_ widget: UnsafeMutablePointer<GtkWidget>, _ state: GtkAccessibleState) {
        gtk_accessible_reset_state(OpaquePointer(widget), state)
    }

    // The variadic gtk_accessible_update_property() does not import into Swift.
    private static func update(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ text: String
    ) {
        var properties = [property]
        withGValue(text) { gtk_accessible_update_property_value(OpaquePointer(widget), 1, &properties, $0) }
    }
}
