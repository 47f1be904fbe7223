// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

public struct Button: Widget {
    public let handle: WidgetHandle
    private var button: UnsafeMutablePointer<GtkButton> { gcast(widgetPointer) }

    public init(label: String, cssClasses: [String] = []) {
        handle = WidgetHandle(gtk_button_new_with_label(label))
        cssClasses.forEach(addCSSClass)
    }

    /// An icon-only button; `accessibleLabel` names it for screen readers and is its tooltip.
    public init(iconName: String, accessibleLabel: String, cssClasses: [String] = []) {
        handle = WidgetHandle(gtk_button_new_from_icon_name(iconName))
        cssClasses.forEach(addCSSClass)
        setAccessibleLabel(accessibleLabel)
        setTooltip(accessibleLabel)
    }

    /// Icon and label side by side (AdwButtonContent); the label names the button.
    public init(label: String, iconName: String, cssClasses: [String] = []) {
        handle = WidgetHandle(gtk_button_new())
        let content = adw_button_content_new()!
        adw_button_content_set_label(opaque(content), label)
        adw_button_content_set_icon_name(opaque(content), iconName)
        adw_button_content_set_use_underline(opaque(content), 0)
        gtk_button_set_child(button, content)
        cssClasses.forEach(addCSSClass)
    }

    /// A button around any content: give it an accessible label, since a box of
    /// labels does not name a button.
    public init(child: some Widget, accessibleLabel: String, cssClasses: [String] = []) {
        handle = WidgetHandle(gtk_button_new())
        gtk_button_set_child(button, child.widgetPointer)
        cssClasses.forEach(addCSSClass)
        setAccessibleLabel(accessibleLabel)
    }

    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(raw, "clicked", handler)
    }
}

/// Toggle buttons; grouped ones behave like radio buttons (exactly one active).
public struct ToggleButton: Widget {
    public let handle: WidgetHandle
    private var toggle: UnsafeMutablePointer<GtkToggleButton> { gcast(widgetPointer) }

    public init(label: String, group: ToggleButton? = nil) {
        handle = WidgetHandle(gtk_toggle_button_new_with_label(label))
        if let group { gtk_toggle_button_set_group(toggle, group.toggle) }
    }

    /// An icon-only toggle; `accessibleLabel` names it for screen readers and is its tooltip.
    public init(iconName: String, accessibleLabel: String) {
        handle = WidgetHandle(gtk_toggle_button_new())
        gtk_button_set_icon_name(gcast(widgetPointer), iconName)
        setAccessibleLabel(accessibleLabel)
        setTooltip(accessibleLabel)
    }

    public var isActive: Bool {
        get { gtk_toggle_button_get_active(toggle) != 0 }
        nonmutating set { gtk_toggle_button_set_active(toggle, newValue ? 1 : 0) }
    }

    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(raw, "toggled", handler)
    }
}
