// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GettextKit

/// PetSpot's user-visible messages, in the user's language (gettext domain
/// `petspot`, catalogues built from po/ by the Makefile).
///
/// Write every message as one string literal inside `tr`, `trc` or `trn`:
/// `make pot` finds them there (docs/decisions/0042 says how). Values go into named
/// placeholders, `{name}`, so a translation can put them in its own order;
/// the catalogue test checks each translation keeps the same placeholders.
public enum Localization {
    static let messages = TextDomain(name: "petspot")

    /// Reads the catalogues from `localeDirectory` and takes the user's locale
    /// from the environment. Call once, before any message is shown.
    public static func start(localeDirectory: String) {
        messages.bind(localeDirectory: localeDirectory)
    }

    /// The locale dates and numbers are written in ("2,3 km" in Polish). On
    /// Linux, Foundation's `Locale.current` is always en_001 whatever the
    /// environment says, so this reads the POSIX variables itself, as the C
    /// library does for dates: LC_ALL, then LC_TIME, then LANG.
    public static let locale: Locale = formattingLocale(environment: ProcessInfo.processInfo.environment)

    static func formattingLocale(environment: [String: String]) -> Locale {
        let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        // "pl_PL.UTF-8@euro" → "pl_PL"; C and POSIX mean no preference.
        guard let language = name?.split(whereSeparator: { $0 == "." || $0 == "@" }).first,
            language != "C", language != "POSIX"
        else { return .current }
        return Locale(identifier: String(language))
    }
}

/// `message` in the user's language.
public func tr(_ message: String) -> String {
    Localization.messages.translate(message)
}

/// `message` in the user's language with its `{placeholders}` filled.
public func tr(_ message: String, _ values: KeyValuePairs<String, String>) -> String {
    Localization.messages.translate(message).fillingPlaceholders(values)
}

/// `message` in `context`: the same English word can need two translations
/// (a status badge and a filter button, say).
public func trc(_ context: String, _ message: String) -> String {
    Localization.messages.translate(message, context: context)
}

/// The singular or (one of the) plural forms for `count`, with `{count}`
/// filled with the number as the user's locale writes it, and other values.
public func trn(
    _ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, String> = [:]
) -> String {
    Localization.messages.translate(singular: singular, plural: plural, count: count)
        .fillingPlaceholders(["count": count.formatted(.number.locale(Localization.locale))])
        .fillingPlaceholders(values)
}

extension String {
    /// Replaces each `{key}` with its value; text is inserted once, so a value
    /// that itself contains braces is never expanded again.
    func fillingPlaceholders(_ values: KeyValuePairs<String, String>) -> String {
        guard !values.isEmpty, contains("{") else { return self }
        var result = ""
        var rest = self[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                let value = values.first(where: { $0.key == rest[rest.index(after: open)..<close] })?.value
            else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
