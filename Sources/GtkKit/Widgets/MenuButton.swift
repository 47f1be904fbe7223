// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// The header bar's primary menu ("open-menu-symbolic") built from actions.
public struct MenuButton: Widget {
    public let handle: WidgetHandle

    /// `items`: sections of (label, detailed action name such as "app.about").
    public init(primaryMenu sections: [[(label: String, action: String)]], accessibleLabel: String) {
        handle = WidgetHandle(gtk_menu_button_new())
        let menu = g_menu_new()!
        for items in sections {
            let section = g_menu_new()!
            for item in items { g_menu_append(section, item.label, item.action) }
            g_menu_append_section(menu, nil, gcast(section) as UnsafeMutablePointer<GMenuModel>)
            g_object_unref(UnsafeMutableRawPointer(section))
        }
        let button = opaque(widgetPointer)
        gtk_menu_button_set_icon_name(button, "open-menu-symbolic")
        gtk_menu_button_set_menu_model(button, gcast(menu) as UnsafeMutablePointer<GMenuModel>)
        gtk_menu_button_set_primary(button, 1)
        g_object_unref(UnsafeMutableRawPointer(menu))
        setAccessibleLabel(accessibleLabel)
        setTooltip(accessibleLabel)
    }
}
