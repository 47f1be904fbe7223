import CGtk

/// Accessible names, descriptions and roles: how screen readers, and the
/// end-to-end tests, find widgets (GTK 4.8 exports no AT-SPI accessible id).
@MainActor
public enum Accessibility {
    public static func setLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label)
    }

    public static func setDescription(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text)
    }

    /// The role is fixed once GTK has created the widget's accessible context,
    /// so call this right after constructing the widget.
    public static func setRole(_ widget: UnsafeMutablePointer<GtkWidget>, _ role: GtkAccessibleRole) {
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        g_value_set_enum(&value, gint(role.rawValue))
        g_object_set_property(gobject(UnsafeMutableRawPointer(widget)), "accessible-role", &value)
        g_value_unset(&value)
    }

    /// Marks a container as a named group ("the cards inside Recent Reports").
    public static func makeGroup(_ widget: UnsafeMutablePointer<GtkWidget>, named name: String) {
        setRole(widget, GTK_ACCESSIBLE_ROLE_GROUP)
        setLabel(widget, name)
    }

    // The variadic gtk_accessible_update_property() does not import into Swift.
    private static func update(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ text: String
    ) {
        var value = GValue()
        g_value_init(&value, petspot_type_string())
        g_value_set_string(&value, text)
        var properties = [property]
        withUnsafePointer(to: &value) { valuePointer in
            gtk_accessible_update_property_value(
                OpaquePointer(widget), 1, &properties, valuePointer)
        }
        g_value_unset(&value)
    }
}
