// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

extension Widget {
    /// Activates this widget (clicks a button) when `trigger` ("<Control>p")
    /// is pressed anywhere in its window, but only while the widget is shown
    /// and sensitive: a page's own shortcut, silent on the other pages.
    public func activateOnShortcut(_ trigger: String) {
        guard let parsed = gtk_shortcut_trigger_parse_string(trigger) else {
            assertionFailure("not a shortcut trigger: \(trigger)")
            return
        }
        let controller = gtk_shortcut_controller_new()!
        let shortcutController = controller
        gtk_shortcut_controller_set_scope(shortcutController, GTK_SHORTCUT_SCOPE_GLOBAL)
        // Both arguments are transfer full; the shortcut takes the trigger and the action.
        let action = gtk_activate_action_get().flatMap { OpaquePointer(g_object_ref(UnsafeMutableRawPointer($0))) }
        let shortcut = gtk_shortcut_new(parsed, action)
        gtk_shortcut_controller_add_shortcut(shortcutController, shortcut)
        gtk_widget_add_controller(widgetPointer, controller)
    }
}
