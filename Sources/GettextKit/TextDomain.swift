// SPDX-License-Identifier: GPL-3.0-or-later

import CGLib

/// A gettext text domain: the translated messages of one program, looked up
/// through GLib (`g_dgettext` and friends), which, unlike plain `dgettext`,
/// keeps English messages when the user's language has no catalogue.
public struct TextDomain: Sendable {
    public let name: String

    public init(name: String) {
        self.name = name
    }

    /// Takes the user's locale from the environment (GTK would, but the domain
    /// may be bound before GTK starts, and tests never start it) and reads this
    /// domain's catalogues, as UTF-8, from `localeDirectory`
    /// (`<dir>/<lang>/LC_MESSAGES/<name>.mo`).
    public func bind(localeDirectory: String) {
        setlocale(LC_ALL, "")
        bindtextdomain(name, localeDirectory)
        bind_textdomain_codeset(name, "UTF-8")
    }

    // Untranslated, GLib returns the very pointer it was given: a temporary
    // C copy of the Swift string, gone once the call returns. So each lookup
    // keeps the copy alive while it reads the answer, and an answer that is
    // the copy means "no translation".

    /// The translation of `message`, or `message` itself.
    public func translate(_ message: String) -> String {
        message.withCString { english in Self.read(g_dgettext(name, english), asking: english, else: message) }
    }

    /// The translation of `message` in `context` (a short note that tells two
    /// identical English words apart, e.g. a status badge from a filter).
    public func translate(_ message: String, context: String) -> String {
        message.withCString { english in
            Self.read(g_dpgettext2(name, context, english), asking: english, else: message)
        }
    }

    /// The form of `singular`/`plural` that fits `count` in the user's language
    /// (Polish has three: 1 zgłoszenie, 2 zgłoszenia, 5 zgłoszeń).
    public func translate(singular: String, plural: String, count: Int) -> String {
        singular.withCString { one in
            plural.withCString { many in
                let answer = g_dngettext(name, one, many, gulong(clamping: count.magnitude))
                let english = count == 1 ? singular : plural
                return answer == many ? plural : Self.read(answer, asking: one, else: english)
            }
        }
    }

    /// GLib's answer as a Swift string: `english` itself when it answered with
    /// the pointer it was asked about (no translation).
    private static func read(
        _ answer: UnsafePointer<CChar>?, asking question: UnsafePointer<CChar>, else english: String
    ) -> String {
        guard let answer, answer != question else { return english }
        return String(cString: answer)
    }
}
