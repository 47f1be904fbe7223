// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// A multi-line text field as a list row (libadwaita 1.2 has none): the
/// title above a framed GtkTextView that wraps words and grows with its text
/// from about four lines up to `maximumHeight`, then scrolls. The title names
/// the text view for screen readers.
///
/// `onChanged` reports the user's edits only: setting `text` from code does
/// not call it. `errorMessage` marks the field invalid (see `FieldValidation`),
/// with the message under the text. The row itself takes no focus (Tab goes
/// to the text): move the focus with `focusText()`, not `grabFocus()`.
public struct TextViewRow: Widget {
    public let handle: WidgetHandle
    private let titleLabel: UnsafeMutablePointer<GtkWidget>
    private let textView: UnsafeMutablePointer<GtkWidget>
    private let message: UnsafeMutablePointer<GtkWidget>
    private let changes = ChangesFromCode()
    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(gcast(textView)) }

    public init(title: String, minimumHeight: Int32 = 96, maximumHeight: Int32 = 240) {
        handle = WidgetHandle(adw_preferences_row_new())
        titleLabel = gtk_label_new(nil)!
        textView = gtk_text_view_new()!
        message = FieldValidation.makeMessage(alignedTo: .start)

        // Not a focus stop of its own: Tab goes straight to the text.
        gtk_widget_set_focusable(widgetPointer, 0)
        gtk_list_box_row_set_activatable(gcast(widgetPointer), 0)
        adw_preferences_row_set_use_underline(gcast(widgetPointer), 0)
        adw_preferences_row_set_use_markup(gcast(widgetPointer), 0)

        gtk_label_set_xalign(opaque(titleLabel), 0)
        gtk_label_set_wrap(opaque(titleLabel), 1)
        gtk_label_set_wrap_mode(opaque(titleLabel), PANGO_WRAP_WORD_CHAR)
        // Read as part of the text view's name, not as a second text.
        Accessibility.setRole(titleLabel, GTK_ACCESSIBLE_ROLE_PRESENTATION)

        gtk_text_view_set_wrap_mode(gcast(textView), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(gcast(textView), 0)  // Tab leaves the field
        gtk_text_view_set_top_margin(gcast(textView), 8)
        gtk_text_view_set_bottom_margin(gcast(textView), 8)
        gtk_text_view_set_left_margin(gcast(textView), 8)
        gtk_text_view_set_right_margin(gcast(textView), 8)

        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(opaque(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_height(opaque(scrolled), minimumHeight)
        gtk_scrolled_window_set_max_content_height(opaque(scrolled), max(minimumHeight, maximumHeight))
        gtk_scrolled_window_set_propagate_natural_height(opaque(scrolled), 1)
        gtk_scrolled_window_set_child(opaque(scrolled), textView)
        let frame = gtk_frame_new(nil)!
        gtk_frame_set_child(gcast(frame), scrolled)

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { margin(box, 10) }
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { margin(box, 12) }
        gtk_box_append(gcast(box), titleLabel)
        gtk_box_append(gcast(box), frame)
        gtk_box_append(gcast(box), message)
        gtk_list_box_row_set_child(gcast(widgetPointer), box)
        self.title = title
    }

    public var title: String {
        get { String(cString: adw_preferences_row_get_title(gcast(widgetPointer))) }
        nonmutating set {
            adw_preferences_row_set_title(gcast(widgetPointer), newValue)
            gtk_label_set_text(opaque(titleLabel), newValue)
            Accessibility.setLabel(widgetPointer, newValue)
            Accessibility.setLabel(textView, newValue)
        }
    }

    /// The text. Setting it does not call the `onChanged` handlers.
    public var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        nonmutating set {
            guard newValue != text else { return }
            let buffer = buffer
            changes.perform { gtk_text_buffer_set_text(buffer, newValue, -1) }
        }
    }

    /// Called with the new text after each edit by the user, not after
    /// `text` is set from code.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
        let changes = changes
        let row = self
        return Signals.connect(UnsafeMutableRawPointer(buffer), "changed") {
            guard !changes.isChangingFromCode else { return }
            handler(row.text)
        }
    }

    /// A short message saying what is wrong with the text, shown under it and
    /// given to screen readers as the field's description; nil (or empty)
    /// when the text is fine.
    public var errorMessage: String? {
        get { FieldValidation.message(in: message) }
        nonmutating set {
            FieldValidation.show(newValue, row: widgetPointer, messageBox: message, focusable: [textView])
        }
    }

    /// Moves the keyboard focus into the text.
    @discardableResult
    public func focusText() -> Bool { gtk_widget_grab_focus(textView) != 0 }

    /// Types `text` after the text there is, as the keyboard would
    /// (`onChanged` runs): for tests.
    package func simulateTyping(_ text: String) {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_begin_user_action(buffer)
        gtk_text_buffer_insert_interactive(buffer, &end, text, -1, 1)
        gtk_text_buffer_end_user_action(buffer)
    }

    /// The GtkTextView, which takes the focus and which screen readers read, for tests.
    package var textWidget: AnyWidget { AnyWidget(textView) }
    /// The error message box, for tests.
    package var messageWidget: AnyWidget { AnyWidget(message) }
}
