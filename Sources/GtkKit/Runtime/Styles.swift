// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// Application-wide CSS, on top of libadwaita's stylesheet (which follows the
/// light/dark preference; use its named colours so both styles work).
@MainActor
public enum Styles {
    public static func install(css: String) {
        install(css, priority: guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// The look a GTK-layer widget has unless the app says otherwise: above
    /// libadwaita's stylesheet, below the app's CSS. Installed once per `name`.
    package static func installDefault(_ name: String, css: String) {
        guard !installedDefaults.contains(name), gdk_display_get_default() != nil else { return }
        installedDefaults.insert(name)
        install(css, priority: guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) - 1)
    }

    private static var installedDefaults: Set<String> = []

    private static func install(_ css: String, priority: guint) {
        guard let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), priority)
        g_object_unref(UnsafeMutableRawPointer(provider))
    }
}
