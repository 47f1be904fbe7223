// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// AdwEntryRow: a one-line text field as a list row. The title doubles as
/// the placeholder and, once there is text, stays above it; it also names the
/// field for screen readers (on the text itself, which is what takes the focus).
///
/// `onChanged` reports the user's edits only: setting `text` from code does
/// not call it. `errorMessage` marks the field invalid (see `FieldValidation`).
public struct EntryRow: Widget {
    public let handle: WidgetHandle
    private var row: UnsafeMutablePointer<AdwEntryRow> { gcast(widgetPointer) }
    private var editable: OpaquePointer { OpaquePointer(widgetPointer) }
    /// The GtkText inside, which takes the focus and holds the text.
    private let textField: UnsafeMutablePointer<GtkWidget>
    private let message: UnsafeMutablePointer<GtkWidget>
    private let changes = ChangesFromCode()

    /// - Parameter secret: an AdwPasswordEntryRow, its text hidden (with a
    ///   button to show it), for a password; `purpose` is then ignored.
    public init(
        title: String, purpose: InputPurpose = .freeForm, hints: InputHints = [], maxLength: Int = 0,
        secret: Bool = false
    ) {
        handle = WidgetHandle(secret ? adw_password_entry_row_new() : adw_entry_row_new())
        // The row's editable delegates to its GtkText.
        textField = UnsafeMutablePointer(gtk_editable_get_delegate(OpaquePointer(handle.pointer))!)
        message = FieldValidation.makeMessage(alignedTo: .end)
        // Titles are plain text ("Owner's name & phone"), never mnemonics or markup.
        adw_preferences_row_set_use_underline(gcast(widgetPointer), 0)
        adw_preferences_row_set_use_markup(gcast(widgetPointer), 0)
        adw_entry_row_add_suffix(row, message)
        self.title = title
        // A password row's own purpose (password) stays.
        if !secret { inputPurpose = purpose }
        inputHints = hints
        self.maxLength = maxLength
    }

    public var title: String {
        get { String(cString: adw_preferences_row_get_title(gcast(widgetPointer))) }
        nonmutating set {
            adw_preferences_row_set_title(gcast(widgetPointer), newValue)
            // The row is labelled by its title; the text, which has the focus, is not.
            Accessibility.setLabel(textField, newValue)
        }
    }

    /// The text. Setting it does not call the `onChanged` handlers.
    public var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        nonmutating set {
            guard newValue != text else { return }
            changes.perform { gtk_editable_set_text(editable, newValue) }
        }
    }

    /// Called with the new text after each edit by the user (typing, pasting,
    /// deleting, an input method), not after `text` is set from code.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
        let changes = changes
        let editable = editable
        return Signals.connect(raw, "changed") {
            guard !changes.isChangingFromCode else { return }
            handler(String(cString: gtk_editable_get_text(editable)))
        }
    }

    /// Enter in the field.
    @discardableResult
    public func onActivated(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(raw, "entry-activated", handler)
    }

    public var inputPurpose: InputPurpose {
        get { InputPurpose(adw_entry_row_get_input_purpose(row)) }
        nonmutating set { adw_entry_row_set_input_purpose(row, newValue.gtk) }
    }

    public var inputHints: InputHints {
        get { InputHints(rawValue: adw_entry_row_get_input_hints(row).rawValue) }
        nonmutating set { adw_entry_row_set_input_hints(row, newValue.gtk) }
    }

    /// The most characters the field takes (typing stops there, pasted text
    /// is cut); 0 for no limit. libadwaita 1.2 has no setter: its GtkText does.
    public var maxLength: Int {
        get { Int(gtk_text_get_max_length(gcast(textField))) }
        nonmutating set { gtk_text_set_max_length(gcast(textField), Int32(clamping: max(0, newValue))) }
    }

    /// Whether Enter in the field activates the window's default widget (its
    /// Send button) as well as `onActivated`.
    public var activatesDefault: Bool {
        get { adw_entry_row_get_activates_default(row) != 0 }
        nonmutating set { adw_entry_row_set_activates_default(row, newValue ? 1 : 0) }
    }

    /// A short message saying what is wrong with the value ("Enter an e-mail
    /// address such as name@example.com"), shown at the end of the row and
    /// given to screen readers as the field's description; nil (or empty)
    /// when the value is fine.
    public var errorMessage: String? {
        get { FieldValidation.message(in: message) }
        nonmutating set {
            FieldValidation.show(newValue, row: widgetPointer, messageBox: message, focusable: [textField])
        }
    }

    /// A widget at the end of the row (a button), after the error message's place.
    public func addSuffix(_ widget: some Widget) { adw_entry_row_add_suffix(row, widget.widgetPointer) }

    /// A widget before the text (an icon).
    public func addPrefix(_ widget: some Widget) { adw_entry_row_add_prefix(row, widget.widgetPointer) }

    /// Types `text` after the text there is, as the keyboard would
    /// (`onChanged` runs; `maxLength` applies): for tests.
    package func simulateTyping(_ text: String) {
        let field = OpaquePointer(textField)
        var position: Int32 = -1  // the end
        gtk_editable_insert_text(field, text, -1, &position)
        gtk_editable_set_position(field, position)
    }

    /// The GtkText that takes the focus and that screen readers read, for tests.
    package var textWidget: AnyWidget { AnyWidget(textField) }
    /// The error message box, for tests.
    package var messageWidget: AnyWidget { AnyWidget(message) }
}
