// SPDX-License-Identifier: GPL-3.0-or-later

import Mustache

/// The report's page as a Mustache template. A constant rather than a
/// resource file, so an installed server never has to find it. Every value
/// goes through `{{ }}`, and each template starts with the pragma that makes
/// `{{ }}` escape with `ScalarHTMLEscaping`, the one place values are escaped;
/// every attribute is written in double quotes, so a value cannot leave the
/// text or the attribute it is in. There is no `{{{ }}}` and no script: the
/// `Content-Security-Policy` forbids scripts in any case.
enum ReportPageTemplate {
    /// Parsed once; the text is ours, so a parse failure is a programming error.
    static let page = parsed(pageText, "report page")

    static let notFound = parsed(notFoundText, "not-found page")

    /// The pragma naming `ScalarHTMLEscaping`, first in every template.
    private static let escaping = "{{% CONTENT_TYPE: \(ScalarHTMLEscaping.name) }}"

    private static func parsed(_ text: String, _ what: String) -> MustacheTemplate {
        // The pragma looks its content type up while parsing: register it first.
        MustacheContentTypes.register(ScalarHTMLEscaping(), named: ScalarHTMLEscaping.name)
        do {
            return try MustacheTemplate(string: text)
        } catch {
            preconditionFailure("The \(what) template does not parse: \(error)")
        }
    }

    /// Light and dark by `prefers-color-scheme`; one column that fits a
    /// 390 px phone, centred and capped on a wide screen; contact links as
    /// large buttons a thumb can hit.
    private static let style = """
        :root { color-scheme: light dark; --bg: #fafafa; --fg: #1f1f1f; --muted: #5e5c64; --card: #ffffff;
          --line: #deddda; --accent: #1c71d8; --missing: #c01c28; --found: #1f7a4d; --closed: #5e5c64;
          --on-status: #ffffff; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #1e1e1e; --fg: #f6f5f4; --muted: #c0bfbc; --card: #2a2a2a; --line: #3d3846;
            --accent: #78aeed; --missing: #f66151; --found: #57e389; --closed: #c0bfbc; --on-status: #1e1e1e; } }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 17px/1.5 system-ui, -apple-system, "Cantarell", "Segoe UI", sans-serif; }
        main { max-width: 40rem; margin: 0 auto; padding: 1rem 1rem 2rem; }
        .photo { display: block; width: 100%; max-height: 70vh; object-fit: cover; border-radius: 12px;
          background: var(--line); }
        .status { display: inline-block; margin: 1rem 0 0; padding: .2rem .7rem; border-radius: 999px;
          font-weight: 700; font-size: .9rem; letter-spacing: .04em; text-transform: uppercase; color: var(--on-status); }
        .status-missing { background: var(--missing); } .status-found { background: var(--found); }
        .status-closed { background: var(--closed); }
        .closed { margin: 1rem 0 0; padding: .8rem 1rem; border-radius: 12px; border: 2px solid var(--closed);
          font-weight: 700; font-size: 1.1rem; }
        h1 { margin: .4rem 0 .2rem; font-size: 2rem; line-height: 1.2; overflow-wrap: anywhere; }
        .seen { margin: 0 0 1rem; color: var(--muted); }
        h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
        dl { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; }
        dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
        .description { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
        .contact { display: grid; gap: .6rem; margin: 0; padding: 0; list-style: none; }
        .contact a, .map { display: block; padding: .9rem 1rem; border-radius: 12px; background: var(--card);
          border: 1px solid var(--line); color: var(--accent); font-size: 1.1rem; font-weight: 600;
          text-decoration: none; overflow-wrap: anywhere; min-height: 48px; }
        .contact a:focus, .map:focus, .contact a:hover, .map:hover { border-color: var(--accent); }
        .place { margin: 0 0 .6rem; }
        footer { margin-top: 2rem; color: var(--muted); font-size: .85rem; }
        """

    private static let head = """
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="referrer" content="no-referrer">
        <style>\(style)</style>
        """

    private static let pageText = """
        \(escaping)<!DOCTYPE html>
        <html lang="en">
        <head>
        \(head)
        <title>{{title}} · PetSpot</title>
        <meta name="description" content="{{summary}}">
        <meta property="og:type" content="website">
        <meta property="og:site_name" content="PetSpot">
        <meta property="og:title" content="{{title}}">
        <meta property="og:description" content="{{summary}}">
        {{#pageURL}}<meta property="og:url" content="{{.}}">
        {{/pageURL}}{{#photo}}{{#absoluteURL}}<meta property="og:image" content="{{.}}">
        <meta property="og:image:alt" content="{{alternative}}">
        {{/absoluteURL}}{{/photo}}</head>
        <body>
        <main>
        {{#photo}}<img class="photo" src="{{url}}" alt="{{alternative}}">
        {{/photo}}<p class="status status-{{statusClass}}">{{statusWord}}</p>
        {{#isClosed}}<p class="closed">Closed — this pet is home</p>
        {{/isClosed}}<h1 dir="auto">{{title}}</h1>
        <p class="seen">Last seen {{lastSeen}}</p>
        {{#hasContact}}<ul class="contact" aria-label="Contact">
        {{#phone}}<li><a href="{{uri}}">Call {{text}}</a></li>
        {{/phone}}{{#email}}<li><a href="{{uri}}">Email {{text}}</a></li>
        {{/email}}</ul>
        {{/hasContact}}{{#hasDetails}}<h2>Details</h2>
        <dl>
        {{#details}}<dt>{{label}}</dt><dd dir="auto">{{value}}</dd>
        {{/details}}</dl>
        {{/hasDetails}}{{#description}}<h2>Description</h2>
        <p class="description" dir="auto">{{.}}</p>
        {{/description}}<h2>Last seen here</h2>
        <p class="place">{{coordinates}}</p>
        <a class="map" href="{{mapURL}}">Open the place in OpenStreetMap</a>
        <footer>Shared from PetSpot.</footer>
        </main>
        </body>
        </html>

        """

    private static let notFoundText = """
        \(escaping)<!DOCTYPE html>
        <html lang="en">
        <head>
        \(head)
        <title>No such report · PetSpot</title>
        </head>
        <body>
        <main>
        <h1>No such report</h1>
        <p>This report does not exist, or it was removed.</p>
        </main>
        </body>
        </html>

        """
}

/// HTML escaping by Unicode scalar, for text and double-quoted attributes:
/// `&`, `<`, `>`, `"` and `'` become character references wherever they are.
/// swift-mustache's own HTML escaping compares whole grapheme clusters, so a
/// quote followed by a combining mark (`"` U+0301) is one `Character` that is
/// not `"` and goes out raw, while a browser reads the quote and ends the
/// attribute. Scalars are what the browser reads, so they are what is checked.
struct ScalarHTMLEscaping: MustacheContentType {
    static let name = "PETSPOT_HTML"

    func escapeText(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
