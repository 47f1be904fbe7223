// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// `text` as Pango markup that shows exactly `text` ("&" becomes "&amp;").
func escapedMarkup(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return text }
    defer { g_free(escaped) }
    return String(cString: escaped)
}

/// The plain text of markup that `escapedMarkup` produced.
func unescapedMarkup(_ markup: String) -> String {
    var text: UnsafeMutablePointer<CChar>?
    guard pango_parse_markup(markup, -1, 0, nil, &text, nil, nil) != 0, let text else { return markup }
    defer { g_free(text) }
    return String(cString: text)
}
