// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// What is wrong with a catalogue's translations, one line per problem:
/// untranslated or fuzzy entries, a missing plural form, `{placeholders}` that
/// differ from the English, a mnemonic lost or doubled.
enum TranslationProblems {
    static func find(in catalog: POCatalog) -> [String] {
        catalog.entries.filter { !$0.message.isEmpty }.flatMap { problems(of: $0, pluralForms: catalog.pluralForms) }
    }

    private static func problems(of entry: POCatalog.Entry, pluralForms: Int) -> [String] {
        let name = "line \(entry.line) \"\(entry.message)\""
        if entry.flags.contains("fuzzy") { return ["\(name): fuzzy"] }
        let forms = entry.plural == nil ? 1 : pluralForms
        let translations = (0..<forms).map { entry.translations[$0] ?? "" }
        if translations.contains(where: \.isEmpty) { return ["\(name): untranslated"] }
        var found: [String] = []
        let english = [entry.message] + (entry.plural.map { [$0] } ?? [])
        for translation in translations {
            // A plural form may leave out the number ("a year"), never add one.
            let allowed = english.map(placeholders).reduce(Set()) { $0.union($1) }
            let needed = placeholders(in: entry.plural ?? entry.message).subtracting(["count"])
            let used = placeholders(in: translation)
            if !used.isSubset(of: allowed) || !needed.isSubset(of: used) {
                found.append(
                    "\(name): placeholders \(used.sorted()) in \"\(translation)\", English has \(allowed.sorted())")
            }
            if entry.message.contains("_"), translation.filter({ $0 == "_" }).count != 1 {
                found.append("\(name): \"\(translation)\" needs exactly one mnemonic underscore")
            }
        }
        return found
    }

    static func placeholders(in text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
