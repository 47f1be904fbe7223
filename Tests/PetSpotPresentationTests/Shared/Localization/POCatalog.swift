// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Just enough of the PO format to check a translation: each entry's context,
/// English text (and plural), translations and flags. Obsolete (`#~`) entries
/// and comments are skipped.
struct POCatalog {
    struct Entry {
        var context: String?
        var message = ""
        var plural: String?
        var translations: [Int: String] = [:]
        var flags: Set<String> = []
        var line = 0
    }

    private(set) var entries: [Entry] = []
    /// `nplurals` from the header.
    private(set) var pluralForms = 2

    init(text: String) {
        var entry = Entry()
        var field: WritableKeyPath<Entry, String>?
        var pluralIndex: Int?
        func finish() {
            if !entry.message.isEmpty || !entry.translations.isEmpty { entries.append(entry) }
            entry = Entry()
        }
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                finish()
                field = nil
                continue
            }
            if line.hasPrefix("#,") {
                entry.flags.formUnion(
                    line.dropFirst(2).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                continue
            }
            if line.hasPrefix("#") { continue }
            if entry.line == 0 { entry.line = number + 1 }
            if line.hasPrefix("msg"), let keyword = line.split(separator: " ", maxSplits: 1).first {
                let text = Self.unquote(line.dropFirst(keyword.count + 1))
                pluralIndex = nil
                switch keyword {
                case "msgctxt":
                    entry.context = text
                    field = nil
                    continue
                case "msgid":
                    entry.message = text
                    field = \.message
                    continue
                case "msgid_plural":
                    entry.plural = text
                    field = nil
                    continue
                case "msgstr":
                    entry.translations[0] = text
                    pluralIndex = 0
                    field = nil
                    continue
                default:
                    if keyword.hasPrefix("msgstr["), let index = Int(keyword.dropFirst(7).dropLast()) {
                        entry.translations[index] = text
                        pluralIndex = index
                        field = nil
                        continue
                    }
                }
            }
            // A continuation line: "more text".
            let more = Self.unquote(line[...])
            if let pluralIndex {
                entry.translations[pluralIndex, default: ""] += more
            } else if let field {
                entry[keyPath: field] += more
            } else if entry.context != nil, entry.message.isEmpty {
                entry.context! += more
            }
        }
        finish()
        if let header = entries.first(where: { $0.message.isEmpty })?.translations[0],
            let range = header.range(of: "nplurals="),
            let count = Int(header[range.upperBound...].prefix { $0.isNumber })
        {
            pluralForms = count
        }
    }

    private static func unquote(_ quoted: Substring) -> String {
        var body = quoted
        if body.hasPrefix("\"") { body = body.dropFirst() }
        if body.hasSuffix("\"") { body = body.dropLast() }
        var result = ""
        var escaped = false
        for character in body {
            if escaped {
                result.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
