// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// GtkRevealer: shows or hides its child with a short slide, for banners
/// that come and go above a page's content.
public struct Revealer: Widget {
    public let handle: WidgetHandle
    private var revealer: OpaquePointer { opaque(widgetPointer) }

    public init(child: some Widget) {
        handle = WidgetHandle(gtk_revealer_new())
        gtk_revealer_set_transition_type(revealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        gtk_revealer_set_child(revealer, child.widgetPointer)
    }

    /// Whether the child is shown (or on its way in).
    public var isRevealed: Bool {
        get { gtk_revealer_get_reveal_child(revealer) != 0 }
        nonmutating set { gtk_revealer_set_reveal_child(revealer, newValue ? 1 : 0) }
    }
}
