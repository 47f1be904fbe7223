// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// A typed, non-owning handle on a GTK widget. The widget tree owns widgets (as in
/// C); Swift controllers that must live as long as a widget attach themselves to
/// it with `keepAlive(_:)`.
@MainActor
public protocol Widget {
    var handle: WidgetHandle { get }
}

/// The GTK widget behind a `Widget`. Opaque outside the GTK layer: a protocol
/// cannot require a `package` member, so the pointer hides in here instead.
public struct WidgetHandle {
    package let pointer: UnsafeMutablePointer<GtkWidget>
    package init(_ pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
}

/// Any widget, when only the `Widget` operations are needed.
public struct AnyWidget: Widget {
    public let handle: WidgetHandle
    package init(_ pointer: UnsafeMutablePointer<GtkWidget>) { handle = WidgetHandle(pointer) }
    public init(_ widget: some Widget) { handle = widget.handle }
}

public enum Align: Sendable {
    case fill, start, end, center
    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

public enum Orientation: Sendable {
    case horizontal, vertical
    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

extension Widget {
    package var widgetPointer: UnsafeMutablePointer<GtkWidget> { handle.pointer }
    package var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(widgetPointer) }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widgetPointer) != 0 }
        nonmutating set { gtk_widget_set_visible(widgetPointer, newValue ? 1 : 0) }
    }

    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widgetPointer) != 0 }
        nonmutating set { gtk_widget_set_sensitive(widgetPointer, newValue ? 1 : 0) }
    }

    /// The height GTK last allocated, in pixels; 0 before the first layout.
    public var allocatedHeight: Int { Int(gtk_widget_get_height(widgetPointer)) }

    /// Whether the widget is in a window and drawn (its page is the visible one, etc.).
    public var isMapped: Bool { gtk_widget_get_mapped(widgetPointer) != 0 }

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widgetPointer, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widgetPointer, name) }
    public func setCSSClass(_ name: String, _ enabled: Bool) {
        enabled ? addCSSClass(name) : removeCSSClass(name)
    }

    public func setMargins(top: Int32 = 0, bottom: Int32 = 0, start: Int32 = 0, end: Int32 = 0) {
        gtk_widget_set_margin_top(widgetPointer, top)
        gtk_widget_set_margin_bottom(widgetPointer, bottom)
        gtk_widget_set_margin_start(widgetPointer, start)
        gtk_widget_set_margin_end(widgetPointer, end)
    }

    public func setMargins(_ all: Int32) { setMargins(top: all, bottom: all, start: all, end: all) }

    public func setExpand(horizontal: Bool? = nil, vertical: Bool? = nil) {
        if let horizontal { gtk_widget_set_hexpand(widgetPointer, horizontal ? 1 : 0) }
        if let vertical { gtk_widget_set_vexpand(widgetPointer, vertical ? 1 : 0) }
    }

    public func setAlign(horizontal: Align? = nil, vertical: Align? = nil) {
        if let horizontal { gtk_widget_set_halign(widgetPointer, horizontal.gtk) }
        if let vertical { gtk_widget_set_valign(widgetPointer, vertical.gtk) }
    }

    public func setSizeRequest(width: Int32 = -1, height: Int32 = -1) {
        gtk_widget_set_size_request(widgetPointer, width, height)
    }

    /// Setting a visible widget's tooltip makes GTK ask the display where the
    /// pointer is (a server round trip on X11, 0.2 ms or more). A widget not yet
    /// in a window has no tooltip on screen to refresh, so it is hidden for the
    /// change: building hundreds of map markers skips as many round trips.
    public func setTooltip(_ text: String?) {
        let skipsPointerQuery = gtk_widget_get_root(widgetPointer) == nil && gtk_widget_get_visible(widgetPointer) != 0
        if skipsPointerQuery { gtk_widget_set_visible(widgetPointer, 0) }
        gtk_widget_set_tooltip_text(widgetPointer, text)
        if skipsPointerQuery { gtk_widget_set_visible(widgetPointer, 1) }
    }

    /// A tooltip whose text is asked for when it is about to show (GTK's
    /// `query-tooltip`), for widgets whose text changes while on screen: a
    /// changed text costs nothing until someone hovers. nil shows no tooltip.
    @discardableResult
    public func setTooltip(from text: @escaping @MainActor () -> String?) -> SignalConnection {
        gtk_widget_set_has_tooltip(widgetPointer, 1)
        // (widget, x, y, keyboard_mode, tooltip) → whether to show it.
        return Signals.connect(
            raw, "query-tooltip",
            arguments: { arguments in
                guard let text = text(), let tooltip = arguments.object(at: 4) else {
                    arguments.setReturnValue(false)
                    return
                }
                gtk_tooltip_set_text(OpaquePointer(tooltip), text)
                arguments.setReturnValue(true)
            })
    }

    public var tooltip: String? {
        gtk_widget_get_tooltip_text(widgetPointer).map { String(cString: $0) }
    }

    public var canFocus: Bool {
        get { gtk_widget_get_focusable(widgetPointer) != 0 }
        nonmutating set { gtk_widget_set_focusable(widgetPointer, newValue ? 1 : 0) }
    }

    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widgetPointer) != 0 }

    public func setAccessibleLabel(_ label: String) { Accessibility.setLabel(widgetPointer, label) }
    public func setAccessibleDescription(_ text: String) { Accessibility.setDescription(widgetPointer, text) }
    /// A named group for assistive technology: call right after construction.
    public func makeAccessibleGroup(named name: String) { Accessibility.makeGroup(widgetPointer, named: name) }

    /// Keeps `object` alive for as long as this widget exists.
    public func keepAlive(_ object: AnyObject) { ObjectLifetime.attach(object, to: raw) }

    /// Renders now and again whenever the observed state `render` reads changes,
    /// for as long as this widget exists.
    @discardableResult
    public func bind(_ render: @escaping @MainActor () -> Void) -> ObservationBinding {
        let binding = ObservationBinding(render)
        keepAlive(binding)
        return binding
    }

    @discardableResult
    public func onDestroy(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(raw, "destroy", handler)
    }

    /// Key presses reaching this widget in the bubble phase; return true when handled.
    public func onKeyPressed(_ handler: @escaping @MainActor (_ keyval: UInt32, _ modifiers: UInt32) -> Bool) {
        let controller = gtk_event_controller_key_new()!
        Signals.connect(UnsafeMutableRawPointer(controller), "key-pressed", key: handler)
        gtk_widget_add_controller(widgetPointer, controller)
    }

}

/// Modifier masks and key values used by keyboard handlers.
public enum Keys {
    public static let control = GDK_CONTROL_MASK.rawValue
    public static let alt = GDK_ALT_MASK.rawValue
    public static let shift = GDK_SHIFT_MASK.rawValue
    public static let escape = UInt32(GDK_KEY_Escape)
    public static let left = UInt32(GDK_KEY_Left)
    public static let f = UInt32(GDK_KEY_f)
}

extension Widget {
    /// Clips children to the widget's rounded corners (photos in cards).
    public func clipToBounds() { gtk_widget_set_overflow(widgetPointer, GTK_OVERFLOW_HIDDEN) }

    /// The widget's accessible role; set it right after construction.
    public func setAccessibleRole(_ role: AccessibleRole) { Accessibility.setRole(widgetPointer, role.gtk) }

    /// Opens a URI (tel:, mailto:, https:) with the desktop's handler; through
    /// the portal when sandboxed.
    public func openURI(_ uri: String) {
        let window = gtk_widget_get_root(widgetPointer).map {
            UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self)
        }
        gtk_show_uri(window, uri, guint32(GDK_CURRENT_TIME))
    }
}

/// The roles we assign beyond widgets' own.
public enum AccessibleRole: Sendable {
    case group, heading
    var gtk: GtkAccessibleRole {
        switch self {
        case .group: GTK_ACCESSIBLE_ROLE_GROUP
        case .heading: GTK_ACCESSIBLE_ROLE_HEADING
        }
    }
}

extension Widget {
    /// Called with true when the widget is mapped (drawn) and false when unmapped
    /// (its page hidden, its window closed).
    public func onMappedChanged(_ handler: @escaping @MainActor (Bool) -> Void) {
        Signals.connect(raw, "map") { handler(true) }
        Signals.connect(raw, "unmap") { handler(false) }
    }
}
