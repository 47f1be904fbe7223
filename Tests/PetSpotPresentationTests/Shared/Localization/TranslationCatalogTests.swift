// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Testing

@Suite("Translations in po/")
struct TranslationCatalogTests {
    private static let poFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../po", isDirectory: true).standardized

    private static var languages: [String] {
        let list = (try? String(contentsOf: poFolder.appendingPathComponent("LINGUAS"), encoding: .utf8)) ?? ""
        return list.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test("po/LINGUAS names at least Polish")
    func languagesListed() {
        #expect(Self.languages.contains("pl"))
    }

    @Test(
        "every catalogue is complete: nothing untranslated or fuzzy, same placeholders and mnemonics",
        arguments: languages)
    func catalogueIsComplete(language: String) throws {
        let text = try String(contentsOf: Self.poFolder.appendingPathComponent("\(language).po"), encoding: .utf8)
        let catalog = POCatalog(text: text)
        #expect(catalog.entries.count > 100, "\(language).po looks truncated")
        #expect(TranslationProblems.find(in: catalog) == [])
    }

    @Test("the check finds each kind of problem")
    func checkFindsProblems() {
        let catalog = POCatalog(
            text: """
                msgid ""
                msgstr "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : 1);\\n"

                msgid "Untranslated"
                msgstr ""

                #, fuzzy
                msgid "Fuzzy"
                msgstr "Rozmyte"

                msgid "Last seen {date}"
                msgstr "Ostatnio {data}"

                msgid "_Quit"
                msgstr "Zakończ"

                msgid "{count} report"
                msgid_plural "{count} reports"
                msgstr[0] "{count} zgłoszenie"
                msgstr[1] "{count} zgłoszenia"

                msgid "{count} year"
                msgid_plural "{count} years"
                msgstr[0] "rok"
                msgstr[1] "{count} lata"
                msgstr[2] "{count} lat"

                msgctxt "status"
                msgid "Lost"
                msgstr "Zaginiony"

                msgid ""
                "A long message, "
                "wrapped"
                msgstr ""
                "Długi komunikat, "
                "zawinięty"
                """)
        let problems = TranslationProblems.find(in: catalog)
        #expect(problems.count == 5, "\(problems)")
        #expect(problems.contains { $0.contains("\"Untranslated\": untranslated") })
        #expect(problems.contains { $0.contains("\"Fuzzy\": fuzzy") })
        #expect(problems.contains { $0.contains("placeholders [\"data\"]") })
        #expect(problems.contains { $0.contains("mnemonic") })
        // Polish has three forms: "{count} report" lacks one.
        #expect(problems.contains { $0.contains("\"{count} report\": untranslated") })
        #expect(!problems.contains { $0.contains("{count} year") }, "a form may leave out the number")
        #expect(!problems.contains { $0.contains("wrapped") }, "a wrapped translation is read whole")
    }
}
