// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// The window a widget is shown in, for a window opened from a page to be
/// transient for; a page does not hold its window.
public struct EnclosingWindow: Toplevel {
    public let handle: WidgetHandle
}

extension Widget {
    /// The window this widget is in; nil while it is in none.
    public var enclosingWindow: EnclosingWindow? {
        guard let root = gtk_widget_get_root(widgetPointer) else { return nil }
        let instance = UnsafeMutablePointer<GTypeInstance>(root)
        guard g_type_check_instance_is_a(instance, gtk_window_get_type()) != 0 else { return nil }
        return EnclosingWindow(handle: WidgetHandle(UnsafeMutablePointer<GtkWidget>(root)))
    }
}
