// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

extension Button {
    /// Shows that the button's action is under way ("Sending…"): a small
    /// spinner and `label` replace its content, it cannot be pressed again,
    /// and it tells assistive technology it is busy. It keeps its width, so
    /// the header does not jump. `setBusy(false)` puts everything back.
    public func setBusy(_ busy: Bool, label: String = "") {
        let button: UnsafeMutablePointer<GtkButton> = gcast(widgetPointer)
        if busy {
            if let saved = SavedContent.of(self) {
                if let text = saved.busyLabel { gtk_label_set_text(opaque(text), label) }
                return
            }
            let saved = SavedContent(button: widgetPointer)
            let spinner = Spinner(accessibleLabel: label, size: 16)
            spinner.isSpinning = true
            Accessibility.setRole(spinner.widgetPointer, GTK_ACCESSIBLE_ROLE_PRESENTATION)  // the label says it
            let text = Label(label)
            saved.busyLabel = text.widgetPointer
            let box = Box(.horizontal, spacing: 8, children: [spinner, text])
            box.setAlign(horizontal: .center)
            saved.attach(to: self)
            gtk_widget_set_size_request(
                widgetPointer, max(gtk_widget_get_width(widgetPointer), saved.width), saved.height)
            gtk_button_set_child(button, box.widgetPointer)
        } else {
            guard let saved = SavedContent.of(self) else { return }
            saved.restoreContent(into: button)
            gtk_widget_set_size_request(widgetPointer, saved.width, saved.height)
            SavedContent.detach(from: self)
        }
        gtk_widget_set_sensitive(widgetPointer, busy ? 0 : 1)
        Accessibility.setBusy(widgetPointer, busy)
    }

    /// Whether `setBusy(true)` is in effect.
    public var isBusy: Bool { SavedContent.of(self) != nil }
}

/// What a busy button gave up: its label, icon or other content (one
/// reference of ours), and its size request. Kept on the button as object
/// data while it is busy.
@MainActor
private final class SavedContent {
    private let label: String?
    private let iconName: String?
    private var content: UnsafeMutablePointer<GtkWidget>?
    let width: Int32
    let height: Int32
    /// The label beside the spinner.
    var busyLabel: UnsafeMutablePointer<GtkWidget>?

    init(button: UnsafeMutablePointer<GtkWidget>) {
        let gtkButton: UnsafeMutablePointer<GtkButton> = gcast(button)
        // A label or icon button is made so again (GTK then names it by its
        // label as before); any other content is put back as it was.
        label = gtk_button_get_label(gtkButton).map { String(cString: $0) }
        iconName = label == nil ? gtk_button_get_icon_name(gtkButton).map { String(cString: $0) } : nil
        if label == nil && iconName == nil {
            // The button lets go of its content when another replaces it: hold it.
            content = gtk_button_get_child(gtkButton)
            if let content { g_object_ref(UnsafeMutableRawPointer(content)) }
        }
        var width: Int32 = -1
        var height: Int32 = -1
        gtk_widget_get_size_request(button, &width, &height)
        self.width = width
        self.height = height
    }

    /// Puts the content back in the button.
    func restoreContent(into button: UnsafeMutablePointer<GtkButton>) {
        if let label {
            gtk_button_set_label(button, label)
        } else if let iconName {
            gtk_button_set_icon_name(button, iconName)
        } else {
            gtk_button_set_child(button, content)  // the button holds it now
            if let content { g_object_unref(UnsafeMutableRawPointer(content)) }
            content = nil
        }
    }

    isolated deinit {
        if let content { g_object_unref(UnsafeMutableRawPointer(content)) }
    }

    func attach(to button: Button) {
        g_object_set_data_full(gobject(button.raw), Self.key, ClosureBox(self).retainedPointer(), releaseBox)
    }

    static func detach(from button: Button) { g_object_set_data(gobject(button.raw), key, nil) }

    static func of(_ button: Button) -> SavedContent? {
        g_object_get_data(gobject(button.raw), key).flatMap { ClosureBox<SavedContent>.from($0)?.value }
    }

    private static let key = "petspot-button-saved-content"
}
