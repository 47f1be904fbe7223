// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// AdwViewStack: the window's top-level pages, each with a title and icon that
/// the view switchers show (and that name the page tabs for screen readers).
public struct ViewStack: Widget {
    public let handle: WidgetHandle
    var stack: OpaquePointer { opaque(widgetPointer) }

    public init() { handle = WidgetHandle(adw_view_stack_new()) }

    public func addPage(_ child: some Widget, name: String, title: String, iconName: String) {
        adw_view_stack_add_titled_with_icon(stack, child.widgetPointer, name, title, iconName)
    }

    public var visiblePageName: String? {
        get { adw_view_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        nonmutating set { if let newValue { adw_view_stack_set_visible_child_name(stack, newValue) } }
    }

    @discardableResult
    public func onVisiblePageChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(raw, "notify::visible-child-name", handler)
    }
}

/// The header's view switcher that collapses to a plain title when narrow.
public struct ViewSwitcherTitle: Widget {
    public let handle: WidgetHandle

    public init(stack: ViewStack, title: String) {
        handle = WidgetHandle(adw_view_switcher_title_new())
        adw_view_switcher_title_set_stack(opaque(widgetPointer), stack.stack)
        adw_view_switcher_title_set_title(opaque(widgetPointer), title)
    }

    public func setSubtitle(_ subtitle: String) {
        adw_view_switcher_title_set_subtitle(opaque(widgetPointer), subtitle)
    }
}

/// The bottom switcher bar, revealed exactly when the header's switcher is
/// collapsed (libadwaita 1.2's adaptive pattern; there is no AdwBreakpoint here).
public struct ViewSwitcherBar: Widget {
    public let handle: WidgetHandle

    public init(stack: ViewStack, followingTitle title: ViewSwitcherTitle) {
        handle = WidgetHandle(adw_view_switcher_bar_new())
        adw_view_switcher_bar_set_stack(opaque(widgetPointer), stack.stack)
        g_object_bind_property(
            gobject(UnsafeMutableRawPointer(title.widgetPointer)), "title-visible",
            gobject(UnsafeMutableRawPointer(widgetPointer)), "reveal", G_BINDING_SYNC_CREATE)
    }
}

public struct HeaderBar: Widget {
    public let handle: WidgetHandle
    private var header: OpaquePointer { opaque(widgetPointer) }

    public init(titleWidget: (some Widget)? = AnyWidget?.none) {
        handle = WidgetHandle(adw_header_bar_new())
        if let titleWidget { adw_header_bar_set_title_widget(header, titleWidget.widgetPointer) }
    }

    public func packStart(_ child: some Widget) { adw_header_bar_pack_start(header, child.widgetPointer) }

    /// Whether the window's own buttons (close, and minimize and maximize
    /// where the desktop shows them) are in the header.
    public var showsWindowButtons: Bool {
        get { adw_header_bar_get_show_end_title_buttons(header) != 0 }
        nonmutating set {
            adw_header_bar_set_show_start_title_buttons(header, newValue ? 1 : 0)
            adw_header_bar_set_show_end_title_buttons(header, newValue ? 1 : 0)
        }
    }
    public func packEnd(_ child: some Widget) { adw_header_bar_pack_end(header, child.widgetPointer) }
}
