// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// AdwPreferencesWindow (libadwaita 1.2): the app's settings, in pages of
/// groups of rows, transient for the main window and closed by Escape.
public struct PreferencesWindow: Toplevel {
    public let handle: WidgetHandle

    public init(transientFor parent: (any Toplevel)?, width: Int32 = 600, height: Int32 = 640) {
        handle = WidgetHandle(adw_preferences_window_new())
        if let parent { belong(to: parent) }
        // Its own pages are few: the search would find only what is in view.
        adw_preferences_window_set_search_enabled(gcast(widgetPointer), 0)
        gtk_window_set_default_size(windowPointer, width, height)
    }

    /// Adds a page; with one page there is no switcher. `title` names the
    /// page for screen readers and in the switcher.
    public func add(_ page: PreferencesPage, title: String, iconName: String) {
        adw_preferences_page_set_title(gcast(page.widgetPointer), title)
        adw_preferences_page_set_icon_name(gcast(page.widgetPointer), iconName)
        adw_preferences_window_add(gcast(widgetPointer), gcast(page.widgetPointer))
    }

    public func present() { gtk_window_present(windowPointer) }
    public func close() { gtk_window_close(windowPointer) }
}

/// GtkSwitch: an on/off choice, usually the suffix of an `ActionRow` that
/// names it (give the switch the row's title as its accessible name).
public struct Switch: Widget {
    public let handle: WidgetHandle
    private var control: OpaquePointer { OpaquePointer(widgetPointer) }

    /// `accessibleLabel` nil: the row it activates names it (`ActionRow.setActivatableWidget`).
    public init(accessibleLabel: String?, isOn: Bool = false) {
        handle = WidgetHandle(gtk_switch_new())
        if let accessibleLabel { setAccessibleLabel(accessibleLabel) }
        gtk_widget_set_valign(widgetPointer, GTK_ALIGN_CENTER)
        self.isOn = isOn
    }

    public var isOn: Bool {
        get { gtk_switch_get_active(control) != 0 }
        nonmutating set { gtk_switch_set_active(control, newValue ? 1 : 0) }
    }

    /// Called after the switch changes, by the user or by code.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(raw, "notify::active", handler)
    }
}

/// GtkSpinButton over whole numbers in a range.
public struct SpinButton: Widget {
    public let handle: WidgetHandle
    private var spin: OpaquePointer { OpaquePointer(widgetPointer) }

    /// `accessibleLabel` nil: the row it activates names it (`ActionRow.setActivatableWidget`).
    public init(range: ClosedRange<Int>, step: Int = 1, value: Int, accessibleLabel: String?) {
        handle = WidgetHandle(
            gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), Double(step)))
        gtk_spin_button_set_digits(spin, 0)
        gtk_spin_button_set_numeric(spin, 1)
        gtk_widget_set_valign(widgetPointer, GTK_ALIGN_CENTER)
        if let accessibleLabel { setAccessibleLabel(accessibleLabel) }
        self.value = value
    }

    public var value: Int {
        get { Int(gtk_spin_button_get_value_as_int(spin)) }
        nonmutating set { gtk_spin_button_set_value(spin, Double(newValue)) }
    }

    /// Called after the value changes, by the user or by code.
    @discardableResult
    public func onValueChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(raw, "value-changed", handler)
    }
}

/// GtkCheckButton: one of several independent choices, or, grouped, a radio
/// button (exactly one of the group active).
public struct CheckButton: Widget {
    public let handle: WidgetHandle
    private var check: UnsafeMutablePointer<GtkCheckButton> { gcast(widgetPointer) }

    /// Without a label (the suffix or prefix of a row); `accessibleLabel`
    /// nil: the row it activates names it (`ActionRow.setActivatableWidget`).
    public init(accessibleLabel: String?, group: CheckButton? = nil) {
        handle = WidgetHandle(gtk_check_button_new())
        if let accessibleLabel { setAccessibleLabel(accessibleLabel) }
        gtk_widget_set_valign(widgetPointer, GTK_ALIGN_CENTER)
        if let group { gtk_check_button_set_group(check, group.check) }
    }

    public var isActive: Bool {
        get { gtk_check_button_get_active(check) != 0 }
        nonmutating set { gtk_check_button_set_active(check, newValue ? 1 : 0) }
    }

    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(raw, "toggled", handler)
    }
}
