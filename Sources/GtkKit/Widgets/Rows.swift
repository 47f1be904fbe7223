// SPDX-License-Identifier: GPL-3.0-or-later

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

/// AdwActionRow: a title and a value (subtitle), with optional widgets before
/// (prefix) and after (suffix) them. The title names the row for screen
/// readers and the subtitle describes it.
///
/// A row is not activatable unless it is given something to do:
/// `setActivatableWidget` (a click anywhere on the row, or Enter on it,
/// activates that suffix button or switch) or `onActivated`.
public struct ActionRow: Widget {
    public let handle: WidgetHandle
    private var row: UnsafeMutablePointer<AdwActionRow> { gcast(widgetPointer) }

    public init(title: String, subtitle: String = "") {
        handle = WidgetHandle(adw_action_row_new())
        adw_preferences_row_set_title(gcast(widgetPointer), title)
        // Values are data (numbers, names): never mnemonics or markup.
        adw_preferences_row_set_use_underline(gcast(widgetPointer), 0)
        // Values are user text ("Tom & Jerry"): never markup.
        adw_preferences_row_set_use_markup(gcast(widgetPointer), 0)
        gtk_list_box_row_set_activatable(gcast(widgetPointer), 0)
        if !subtitle.isEmpty { self.subtitle = subtitle }
    }

    public var title: String {
        get { String(cString: adw_preferences_row_get_title(gcast(widgetPointer))) }
        nonmutating set { adw_preferences_row_set_title(gcast(widgetPointer), newValue) }
    }

    public var subtitle: String {
        get { adw_action_row_get_subtitle(row).map { String(cString: $0) } ?? "" }
        nonmutating set { adw_action_row_set_subtitle(row, newValue) }
    }

    public func addSuffix(_ widget: some Widget) { adw_action_row_add_suffix(row, widget.widgetPointer) }
    public func addPrefix(_ widget: some Widget) { adw_action_row_add_prefix(row, widget.widgetPointer) }

    /// Makes the whole row activate `widget` (one of its suffixes or prefixes:
    /// a button, a switch, a `CalendarPopoverButton`), so the row and the
    /// widget are one target.
    public func setActivatableWidget(_ widget: some Widget) {
        adw_action_row_set_activatable_widget(row, widget.widgetPointer)
    }

    /// Makes the row activatable (a click, Enter or Space on it) and calls
    /// `handler` when it is activated.
    @discardableResult
    public func onActivated(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        gtk_list_box_row_set_activatable(gcast(widgetPointer), 1)
        return Signals.connect(raw, "activated", handler)
    }

    /// Activates the row as a click would, for tests.
    package func activate() { adw_action_row_activate(row) }

    /// A short message saying what is wrong with the row's value ("Choose
    /// where the pet was last seen"), shown before its suffixes and given to
    /// screen readers as the row's description; nil (or empty) when fine.
    public var errorMessage: String? {
        get { messageBox.flatMap(FieldValidation.message(in:)) }
        nonmutating set {
            guard newValue != nil || messageBox != nil else { return }
            FieldValidation.show(
                newValue, row: widgetPointer, messageBox: ensureMessageBox(), focusable: [widgetPointer])
        }
    }

    /// The error message box, made on first use and put before the suffixes.
    private func ensureMessageBox() -> UnsafeMutablePointer<GtkWidget> {
        if let messageBox { return messageBox }
        let box = FieldValidation.makeMessage(alignedTo: .end)
        adw_action_row_add_suffix(row, box)
        gtk_box_reorder_child_after(gcast(gtk_widget_get_parent(box)), box, nil)
        g_object_set_data(gobject(raw), Self.messageKey, UnsafeMutableRawPointer(box))  // the row owns it
        return box
    }

    private var messageBox: UnsafeMutablePointer<GtkWidget>? {
        g_object_get_data(gobject(raw), Self.messageKey).map { $0.assumingMemoryBound(to: GtkWidget.self) }
    }

    private static let messageKey = "petspot-field-message"
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
