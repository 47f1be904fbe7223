// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// GtkPopover attached to a parent widget and pointing at a point inside it,
/// as GNOME Maps shows a place's bubble on its map. It closes by itself on
/// Escape or a click elsewhere (autohide), which `onClosed` reports.
///
/// The parent owns the popover (`gtk_widget_set_parent`); since a parent's
/// own dispose code does not know about it, the popover is unparented when the
/// parent is destroyed, so it goes with it. An open popover is closed when its
/// parent is unrealized (its window closing): GTK 4.8 otherwise keeps a
/// reference to a popover that was open when its window went, and it leaks.
public struct Popover: Widget {
    public let handle: WidgetHandle
    private var popover: UnsafeMutablePointer<GtkPopover> { gcast(widgetPointer) }

    /// A popover showing `child`, attached to `parent`; closed until `popup()`.
    public init(parent: some Widget, child: some Widget) {
        handle = WidgetHandle(gtk_popover_new())
        gtk_popover_set_child(popover, child.widgetPointer)
        gtk_popover_set_autohide(popover, 1)
        gtk_widget_set_parent(widgetPointer, parent.widgetPointer)
        let popoverWidget = widgetPointer
        let parentWidget = parent.widgetPointer
        Signals.connect(parent.raw, "unrealize") { Self.close(popoverWidget, childOf: parentWidget) }
        Signals.connect(parent.raw, "destroy") { Self.unparent(popoverWidget, from: parentWidget) }
    }

    /// Points the popover's arrow at (x, y) in the parent's coordinates; an open
    /// popover moves at once.
    public func point(atX x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return }
        // A point far outside the parent (a pin panned away) still converts safely.
        let limit = 1_000_000.0
        var rect = GdkRectangle(
            x: Int32(min(max(x, -limit), limit).rounded(.down)),
            y: Int32(min(max(y, -limit), limit).rounded(.down)),
            width: 1, height: 1)
        gtk_popover_set_pointing_to(popover, &rect)
    }

    /// Which side of the point the popover opens on.
    public enum Side: Sendable {
        case above, below
    }

    /// The side the popover prefers; GTK still flips it when that side has no room.
    public var side: Side {
        get { gtk_popover_get_position(popover) == GTK_POS_TOP ? .above : .below }
        nonmutating set { gtk_popover_set_position(popover, newValue == .above ? GTK_POS_TOP : GTK_POS_BOTTOM) }
    }

    /// Opens the popover (its parent must be in a shown window).
    public func popup() { gtk_popover_popup(popover) }

    /// Closes the popover; `onClosed` handlers run.
    public func popdown() { gtk_popover_popdown(popover) }

    /// Whether the popover is open (visible).
    public var isOpen: Bool { gtk_widget_get_visible(widgetPointer) != 0 }

    /// Called whenever the popover closes: `popdown()`, Escape, or a click outside it.
    @discardableResult
    public func onClosed(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.connect(raw, "closed", handler)
    }

    /// Closes the popover if it is open and still `parent`'s child.
    private static func close(
        _ popover: UnsafeMutablePointer<GtkWidget>, childOf parent: UnsafeMutablePointer<GtkWidget>
    ) {
        guard isChild(popover, of: parent), gtk_widget_get_visible(popover) != 0 else { return }
        gtk_popover_popdown(gcast(popover))
    }

    /// Unparents the popover if it is still `parent`'s child.
    private static func unparent(
        _ popover: UnsafeMutablePointer<GtkWidget>, from parent: UnsafeMutablePointer<GtkWidget>
    ) {
        guard isChild(popover, of: parent) else { return }
        gtk_widget_unparent(popover)
    }

    /// The popover may already be gone (a parent's own dispose may unparent
    /// every child, and so free it), so it is looked for among the parent's
    /// children by address, never dereferenced first.
    private static func isChild(_ popover: UnsafeMutablePointer<GtkWidget>, of parent: UnsafeMutablePointer<GtkWidget>)
        -> Bool
    {
        var child = gtk_widget_get_first_child(parent)
        while let current = child {
            if current == popover { return true }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }
}
