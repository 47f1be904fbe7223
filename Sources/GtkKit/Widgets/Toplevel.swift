// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// A widget that is a window of its own (a GtkWindow): what dialogs and file
/// choosers are transient for, and whose display a clipboard belongs to.
public protocol Toplevel: Widget {}

extension Toplevel {
    package var windowPointer: UnsafeMutablePointer<GtkWindow> { gcast(widgetPointer) }

    /// The text in the title bar, and the window's name for screen readers.
    public var title: String? {
        get { gtk_window_get_title(windowPointer).map { String(cString: $0) } }
        nonmutating set { gtk_window_set_title(windowPointer, newValue) }
    }

    /// Makes this window one of `parent`'s application's windows: the
    /// application's shortcuts (Ctrl+Q) work in it, and it goes when the
    /// parent does.
    package func belong(to parent: any Toplevel) {
        gtk_window_set_transient_for(windowPointer, parent.windowPointer)
        if let application = gtk_window_get_application(parent.windowPointer) {
            gtk_window_set_application(windowPointer, application)
        }
        gtk_window_set_destroy_with_parent(windowPointer, 1)
    }

    /// Whether the window is on screen (presented and not closed or hidden).
    public var isPresented: Bool { gtk_widget_get_visible(widgetPointer) != 0 }
}

extension ApplicationWindow: Toplevel {}
extension PlainWindow: Toplevel {}
