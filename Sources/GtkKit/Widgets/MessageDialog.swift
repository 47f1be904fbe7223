// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// AdwMessageDialog: a modal question or message with a heading, a body, an
/// optional extra widget (a password to copy, an entry) and a row of response
/// buttons. Choosing a response, or Escape (the close response), calls
/// `onResponse` with the response's id and closes the dialog.
public struct MessageDialog: Toplevel {
    public let handle: WidgetHandle
    private var dialog: UnsafeMutablePointer<AdwMessageDialog> { gcast(widgetPointer) }

    /// How a response button looks: `suggested` (blue) for the action the
    /// dialog is about, `destructive` (red) for one that loses data.
    public enum Appearance: Sendable {
        case normal, suggested, destructive

        var adw: AdwResponseAppearance {
            switch self {
            case .normal: ADW_RESPONSE_DEFAULT
            case .suggested: ADW_RESPONSE_SUGGESTED
            case .destructive: ADW_RESPONSE_DESTRUCTIVE
            }
        }
    }

    /// `heading` and `body` are plain text; the dialog is modal and centred
    /// on `parent` (libadwaita logs a message when it has none).
    public init(transientFor parent: (any Toplevel)?, heading: String, body: String = "") {
        handle = WidgetHandle(adw_message_dialog_new(parent?.windowPointer, heading, body))
        gtk_window_set_modal(windowPointer, 1)
        if let parent { belong(to: parent) }
    }

    public var heading: String {
        get { adw_message_dialog_get_heading(dialog).map { String(cString: $0) } ?? "" }
        nonmutating set { adw_message_dialog_set_heading(dialog, newValue) }
    }

    public var body: String {
        get { adw_message_dialog_get_body(dialog).map { String(cString: $0) } ?? "" }
        nonmutating set { adw_message_dialog_set_body(dialog, newValue) }
    }

    /// Adds a response button after the others. `label` may mark its access
    /// key with an underscore ("_Discard"); write "__" for an underscore.
    public func addResponse(_ id: String, label: String, appearance: Appearance = .normal) {
        adw_message_dialog_add_response(dialog, id, label)
        adw_message_dialog_set_response_appearance(dialog, id, appearance.adw)
        // GTK 4.8 names a button by its accessible label (the raw "_Remove")
        // followed by its label's text, so screen readers said "_Remove
        // Remove": without the accessible label the name is the text alone.
        for button in Self.buttons(labelled: label, in: widgetPointer) { Accessibility.resetLabel(button) }
    }

    /// Whether a response's button can be pressed (a Send kept off until valid).
    public func setResponseEnabled(_ id: String, _ enabled: Bool) {
        adw_message_dialog_set_response_enabled(dialog, id, enabled ? 1 : 0)
    }

    public func isResponseEnabled(_ id: String) -> Bool {
        adw_message_dialog_get_response_enabled(dialog, id) != 0
    }

    /// The response Enter chooses (its button has the focus first); nil for none.
    public var defaultResponse: String? {
        get { adw_message_dialog_get_default_response(dialog).map { String(cString: $0) } }
        nonmutating set { adw_message_dialog_set_default_response(dialog, newValue) }
    }

    /// The response Escape (or closing the window) chooses: "close" unless set.
    /// It need not be one of the buttons.
    public var closeResponse: String {
        get { String(cString: adw_message_dialog_get_close_response(dialog)) }
        nonmutating set { adw_message_dialog_set_close_response(dialog, newValue) }
    }

    /// A widget between the body and the buttons.
    public func setExtraChild(_ child: some Widget) {
        adw_message_dialog_set_extra_child(dialog, child.widgetPointer)
    }

    /// Called with the id of the response chosen; the dialog then closes.
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
        Signals.connect(
            raw, "response",
            arguments: { arguments in
                handler(arguments.string(at: 1) ?? "")
            })
    }

    public func present() { gtk_window_present(windowPointer) }

    /// Clicks a response's button (which calls `onResponse` and closes the
    /// dialog): for tests. `adw_message_dialog_response` alone would not close it.
    package func respond(_ id: String) {
        guard let label = adw_message_dialog_get_response_label(dialog, id).map({ String(cString: $0) }),
            let button = Self.buttons(labelled: label, in: widgetPointer).first
        else { return }
        Signals.emit("clicked", on: UnsafeMutableRawPointer(button))
    }

    /// The buttons under `widget` showing `label` (the dialog keeps a row and
    /// a column of response buttons, one shown as its width allows).
    private static func buttons(
        labelled label: String, in widget: UnsafeMutablePointer<GtkWidget>
    ) -> [UnsafeMutablePointer<GtkWidget>] {
        let isButton =
            g_type_check_instance_is_a(
                UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), gtk_button_get_type()) != 0
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        if isButton, gtk_button_get_label(gcast(widget)).map({ String(cString: $0) }) == label { found.append(widget) }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found += buttons(labelled: label, in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }
}
