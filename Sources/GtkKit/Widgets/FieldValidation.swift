// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// How a form row says its value is invalid, the same way for every kind of
/// field: the row gets libadwaita's `error` style class (an entry row turns
/// red, with a red focus ring), a short message is shown beside the value
/// (an error icon and a wrapped caption in the error colour), and the
/// focusable part of the field, which a screen reader reads as the user
/// arrives, is marked invalid (GTK_ACCESSIBLE_STATE_INVALID, AT-SPI's
/// "invalid entry") with the message as its accessible description. A valid
/// field has none of these, and no stale description.
@MainActor
enum FieldValidation {
    /// Shows `message` on `row`, or clears it (nil). `message` is a box made by
    /// `makeMessage` and placed by the row; `focusable` are the widgets a
    /// screen reader reads for the field (an entry's text, a combo row).
    static func show(
        _ message: String?, row: UnsafeMutablePointer<GtkWidget>, messageBox: UnsafeMutablePointer<GtkWidget>,
        focusable: [UnsafeMutablePointer<GtkWidget>]
    ) {
        let text = message.flatMap { $0.isEmpty ? nil : $0 }
        if text != nil { gtk_widget_add_css_class(row, "error") } else { gtk_widget_remove_css_class(row, "error") }
        if let label = label(in: messageBox) {
            gtk_label_set_text(opaque(label), text ?? "")
            // A wrapping label may be squeezed to a word per line (or less)
            // beside a value: a short message stays on one line, a long one
            // takes lines of at least this many characters.
            gtk_label_set_width_chars(opaque(label), Int32(min(text?.count ?? 0, minimumLineCharacters)))
        }
        gtk_widget_set_visible(messageBox, text == nil ? 0 : 1)
        for widget in focusable {
            Accessibility.setInvalid(widget, text != nil)
            if let text { Accessibility.setDescription(widget, text) } else { Accessibility.resetDescription(widget) }
        }
    }

    /// The message shown, or nil while the field is valid.
    static func message(in messageBox: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard gtk_widget_get_visible(messageBox) != 0, let label = label(in: messageBox),
            let text = gtk_label_get_text(opaque(label)).map({ String(cString: $0) }), !text.isEmpty
        else { return nil }
        return text
    }

    /// A hidden message: an error icon and a caption that wraps rather than
    /// widening the row. The icon is decoration (the text says it all).
    static func makeMessage(alignedTo side: Align) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_add_css_class(box, "error")
        gtk_widget_add_css_class(box, messageClass)
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(box, side.gtk)
        let icon = gtk_image_new_from_icon_name("dialog-error-symbolic")!
        gtk_widget_set_valign(icon, GTK_ALIGN_START)
        Accessibility.setRole(icon, GTK_ACCESSIBLE_ROLE_PRESENTATION)
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "caption")
        gtk_label_set_wrap(opaque(label), 1)
        gtk_label_set_wrap_mode(opaque(label), PANGO_WRAP_WORD_CHAR)
        // Wide enough for a short sentence, narrow enough to leave the value room.
        gtk_label_set_max_width_chars(opaque(label), 24)
        gtk_label_set_xalign(opaque(label), 0)
        gtk_box_append(gcast(box), icon)
        gtk_box_append(gcast(box), label)
        gtk_widget_set_visible(box, 0)
        return box
    }

    private static let minimumLineCharacters = 14

    /// The style class of message boxes, for tests and app CSS.
    static let messageClass = "field-message"

    private static func label(in messageBox: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        gtk_widget_get_last_child(messageBox)
    }
}
