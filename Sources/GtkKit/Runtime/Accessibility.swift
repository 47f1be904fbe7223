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

    // The variadic gtk_accessible_update_property() does not import into Swift.
    private static func update(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ text: String
    ) {
        var properties = [property]
        withGValue(text) { gtk_accessible_update_property_value(OpaquePointer(widget), 1, &properties, $0) }
    }
}
