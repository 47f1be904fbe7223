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

    /// The translation of `message`, or `message` itself.
    public func translate(_ message: String) -> String {
        String(cString: g_dgettext(name, message))
    }

    /// The translation of `message` in `context` (a short note that tells two
    /// identical English words apart, e.g. a status badge from a filter).
    public func translate(_ message: String, context: String) -> String {
        String(cString: g_dpgettext2(name, context, message))
    }

    /// The form of `singular`/`plural` that fits `count` in the user's language
    /// (Polish has three: 1 zgłoszenie, 2 zgłoszenia, 5 zgłoszeń).
    public func translate(singular: String, plural: String, count: Int) -> String {
        String(cString: g_dngettext(name, singular, plural, gulong(clamping: count.magnitude)))
    }
}
