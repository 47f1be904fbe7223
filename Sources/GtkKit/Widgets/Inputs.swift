// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// GtkSearchEntry; `search-changed` is debounced by GTK (`searchDelay`).
public struct SearchEntry: Widget {
    public let handle: WidgetHandle

    public init(placeholder: String) {
        handle = WidgetHandle(gtk_search_entry_new())
        // GtkSearchEntry has a placeholder-text property but no setter in 4.8.
        Properties.set(raw, "placeholder-text", placeholder)
        setAccessibleLabel(placeholder)
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(OpaquePointer(widgetPointer))) }
        nonmutating set { gtk_editable_set_text(OpaquePointer(widgetPointer), newValue) }
    }

    /// How long GTK waits after a keystroke before `search-changed` (150 ms
    /// unless set).
    public var searchDelay: Duration {
        get { .milliseconds(Int(gtk_search_entry_get_search_delay(OpaquePointer(widgetPointer)))) }
        nonmutating set {
            let milliseconds =
                newValue.components.seconds * 1_000 + newValue.components.attoseconds / 1_000_000_000_000_000
            gtk_search_entry_set_search_delay(OpaquePointer(widgetPointer), guint(max(0, milliseconds)))
        }
    }

    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(raw, "search-changed", handler)
    }

    /// Escape in the entry. GTK leaves what it means to the app (a standalone
    /// entry does not clear itself).
    @discardableResult
    public func onStopSearch(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(raw, "stop-search", handler)
    }
}

/// GtkDropDown over a list of strings.
public struct DropDown: Widget {
    public let handle: WidgetHandle
    private var dropDown: OpaquePointer { opaque(widgetPointer) }

    public init(items: [String], accessibleLabel: String) {
        handle = WidgetHandle(withCStringArray(items) { gtk_drop_down_new_from_strings($0) })
        setAccessibleLabel(accessibleLabel)
        setTooltip(accessibleLabel)
        // The control users reach is the drop-down's inner toggle button: name it too.
        if let button = gtk_widget_get_first_child(widgetPointer) {
            Accessibility.setLabel(button, accessibleLabel)
        }
    }

    /// Adds a choice at the end; the selection stays where it is.
    public func appendItem(_ item: String) {
        // Built by `gtk_drop_down_new_from_strings`, the model is a GtkStringList.
        guard let model = gtk_drop_down_get_model(dropDown) else { return }
        gtk_string_list_append(model, item)
    }

    public var selectedIndex: Int {
        get { Int(gtk_drop_down_get_selected(dropDown)) }
        nonmutating set { gtk_drop_down_set_selected(dropDown, guint(newValue)) }
    }

    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(raw, "notify::selected", handler)
    }
}
