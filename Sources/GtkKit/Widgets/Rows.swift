import CGtk
import GLibKit

/// A boxed GtkListBox of rows (libadwaita's "boxed-list" style), not selectable.
public struct BoxedList: Widget {
    public let handle: WidgetHandle

    public init(accessibleLabel: String) {
        handle = WidgetHandle(gtk_list_box_new())
        gtk_list_box_set_selection_mode(opaque(widgetPointer), GTK_SELECTION_NONE)
        addCSSClass("boxed-list")
        setAccessibleLabel(accessibleLabel)
    }

    public func append(_ row: some Widget) { gtk_list_box_append(opaque(widgetPointer), row.widgetPointer) }
}

/// AdwActionRow: a title and a value (subtitle), with optional suffix buttons.
public struct ActionRow: Widget {
    public let handle: WidgetHandle
    private var row: UnsafeMutablePointer<AdwActionRow> { gcast(widgetPointer) }

    public init(title: String) {
        handle = WidgetHandle(adw_action_row_new())
        adw_preferences_row_set_title(gcast(widgetPointer), title)
        // Values are data (numbers, names): never mnemonics or markup.
        adw_preferences_row_set_use_underline(gcast(widgetPointer), 0)
        // Values are user text ("Tom & Jerry"): never markup.
        adw_preferences_row_set_use_markup(gcast(widgetPointer), 0)
        gtk_list_box_row_set_activatable(gcast(widgetPointer), 0)
    }

    public var subtitle: String {
        get { adw_action_row_get_subtitle(row).map { String(cString: $0) } ?? "" }
        nonmutating set { adw_action_row_set_subtitle(row, newValue) }
    }

    public func addSuffix(_ widget: some Widget) { adw_action_row_add_suffix(row, widget.widgetPointer) }
}

/// AdwToastOverlay: brief confirmations ("Phone number copied").
public struct ToastOverlay: Widget {
    public let handle: WidgetHandle

    public init(child: some Widget) {
        handle = WidgetHandle(adw_toast_overlay_new())
        adw_toast_overlay_set_child(opaque(widgetPointer), child.widgetPointer)
    }

    /// Shows `message` as plain text (a toast's title is markup to libadwaita).
    public func show(_ message: String) {
        let toast = adw_toast_new(escapedMarkup(message))
        adw_toast_overlay_add_toast(opaque(widgetPointer), toast)
    }
}
