// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// GtkOverlay: a main child with widgets floating above it (a map's legend,
/// banner or loading indicator). Place the floating widgets with their
/// alignment and margins (`setAlign`, `setMargins`); the main child sets the size.
public struct Overlay: Widget {
    public let handle: WidgetHandle
    private var overlay: OpaquePointer { opaque(widgetPointer) }  // GtkOverlay is opaque in C

    /// An overlay whose main child is `child`.
    public init(child: some Widget) {
        handle = WidgetHandle(gtk_overlay_new())
        gtk_overlay_set_child(overlay, child.widgetPointer)
    }

    /// Floats `widget` above the main child, above the widgets added before it.
    public func addOverlay(_ widget: some Widget) {
        gtk_overlay_add_overlay(overlay, widget.widgetPointer)
    }
}
