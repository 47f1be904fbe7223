// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// The clipboard of a widget's display (GdkClipboard): what Ctrl+V pastes
/// in any application.
@MainActor
public enum Clipboard {
    /// Puts `text` on the clipboard of the display `widget` is on.
    public static func copy(text: String, from widget: some Widget) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget.widgetPointer), text)
    }

    /// Reads the clipboard's text as a paste would, and calls `completion`
    /// with it (nil when the clipboard holds no text) in a later main-loop
    /// iteration. For tests: the app only writes to the clipboard.
    package static func readText(from widget: some Widget, _ completion: @escaping @MainActor (String?) -> Void) {
        let clipboard = gtk_widget_get_clipboard(widget.widgetPointer)
        gdk_clipboard_read_text_async(
            clipboard, nil, clipboardTextRead, ClosureBox<TextRead>(completion).retainedPointer())
    }
}

extension Widget {
    /// Puts `text` on the clipboard of this widget's display: `Clipboard.copy`.
    public func copyToClipboard(_ text: String) { Clipboard.copy(text: text, from: self) }
}

typealias TextRead = @MainActor (String?) -> Void

private let clipboardTextRead: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    defer { releaseBox(data) }  // GIO calls this exactly once
    var error: UnsafeMutablePointer<GError>?
    let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, &error)
    if let error { g_error_free(error) }
    let string = text.map { String(cString: $0) }
    g_free(text)
    guard let box = ClosureBox<TextRead>.from(data) else { return }
    MainActor.assumeIsolated { box.value(string) }
}
