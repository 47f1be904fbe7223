// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

public struct ScrolledWindow: Widget {
    public let handle: WidgetHandle
    private var scrolled: OpaquePointer { opaque(widgetPointer) }

    /// Scrolls vertically only: pages reflow to the width instead.
    /// `accessibleLabel` names the scrolled area for screen readers.
    public init(accessibleLabel: String, child: (some Widget)? = AnyWidget?.none) {
        handle = WidgetHandle(gtk_scrolled_window_new())
        Accessibility.setLabel(widgetPointer, accessibleLabel)
        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        if let child { setChild(child) }
    }

    public func setChild(_ child: some Widget) {
        gtk_scrolled_window_set_child(scrolled, child.widgetPointer)
    }

    /// The vertical scroll offset, to keep a list's position across navigation.
    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(scrolled)) }
        nonmutating set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(scrolled), newValue) }
    }
}

/// AdwClamp: keeps content at a readable width on wide windows.
public struct Clamp: Widget {
    public let handle: WidgetHandle

    public init(child: some Widget, maximumWidth: Int32 = 720) {
        self.init(child: child, along: .horizontal, maximum: maximumWidth, tighteningFrom: maximumWidth * 3 / 4)
    }

    /// A clamp on height: `child` is never taller than `maximumHeight` (a
    /// picture otherwise grows to its photo's aspect ratio at its width).
    public init(child: some Widget, maximumHeight: Int32) {
        self.init(child: child, along: .vertical, maximum: maximumHeight, tighteningFrom: maximumHeight)
    }

    private init(child: some Widget, along orientation: Orientation, maximum: Int32, tighteningFrom threshold: Int32) {
        handle = WidgetHandle(adw_clamp_new())
        gtk_orientable_set_orientation(opaque(widgetPointer), orientation.gtk)
        adw_clamp_set_maximum_size(opaque(widgetPointer), maximum)
        adw_clamp_set_tightening_threshold(opaque(widgetPointer), threshold)
        adw_clamp_set_child(opaque(widgetPointer), child.widgetPointer)
    }
}

/// AdwStatusPage: an icon, a title (its accessible name), a description and an
/// optional child such as a Retry button.
public struct StatusPage: Widget {
    public let handle: WidgetHandle
    private var page: OpaquePointer { opaque(widgetPointer) }

    public init(title: String, description: String? = nil, iconName: String? = nil) {
        handle = WidgetHandle(adw_status_page_new())
        self.title = title
        self.statusDescription = description
        if let iconName { adw_status_page_set_icon_name(page, iconName) }
    }

    public var title: String {
        get { String(cString: adw_status_page_get_title(page)) }
        // The page is named by its title already: a label would double the name.
        nonmutating set { adw_status_page_set_title(page, newValue) }
    }

    /// Plain text: libadwaita reads the description as markup, so it is escaped
    /// on the way in (an "&" in a message or a translation would blank it).
    public var statusDescription: String? {
        get { adw_status_page_get_description(page).map { String(cString: $0) }.map(unescapedMarkup) }
        nonmutating set { adw_status_page_set_description(page, newValue.map(escapedMarkup)) }
    }

    public func setChild(_ child: some Widget) { adw_status_page_set_child(page, child.widgetPointer) }
}

/// GtkStack without page titles: for switching between states of one area
/// (loading, content, error) or a list and its details.
public struct Stack: Widget {
    public let handle: WidgetHandle
    private var stack: OpaquePointer { opaque(widgetPointer) }

    public enum Transition: Sendable {
        case none, crossfade, slideLeftRight
        var gtk: GtkStackTransitionType {
            switch self {
            case .none: GTK_STACK_TRANSITION_TYPE_NONE
            case .crossfade: GTK_STACK_TRANSITION_TYPE_CROSSFADE
            case .slideLeftRight: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT
            }
        }
    }

    public init(transition: Transition = .crossfade) {
        handle = WidgetHandle(gtk_stack_new())
        gtk_stack_set_transition_type(stack, transition.gtk)
        gtk_stack_set_transition_duration(stack, 150)
    }

    public func add(_ child: some Widget, name: String) {
        gtk_stack_add_named(stack, child.widgetPointer, name)
    }

    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        nonmutating set { if let newValue { gtk_stack_set_visible_child_name(stack, newValue) } }
    }
}

/// AdwClampScrollable: a clamp that stays scrollable, so a GtkListView inside
/// keeps recycling its rows.
public struct ClampScrollable: Widget {
    public let handle: WidgetHandle

    public init(child: some Widget, maximumWidth: Int32 = 720) {
        handle = WidgetHandle(adw_clamp_scrollable_new())
        adw_clamp_scrollable_set_maximum_size(opaque(widgetPointer), maximumWidth)
        adw_clamp_scrollable_set_tightening_threshold(opaque(widgetPointer), maximumWidth * 3 / 4)
        adw_clamp_scrollable_set_child(opaque(widgetPointer), child.widgetPointer)
    }
}
