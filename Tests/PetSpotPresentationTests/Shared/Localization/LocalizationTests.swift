// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Testing

@testable import PetSpotPresentation

@Suite("Localization: placeholders and the formatting locale")
struct LocalizationTests {
    @Test("named placeholders are filled in any order, once, and unknown ones are left alone")
    func placeholders() {
        #expect(
            "{name}, last seen {date}".fillingPlaceholders(["date": "20 lis 2026", "name": "Burek"])
                == "Burek, last seen 20 lis 2026")
        #expect("{a}{a}".fillingPlaceholders(["a": "x"]) == "xx")
        // A value is inserted as it is, never expanded again.
        #expect("{name}".fillingPlaceholders(["name": "{name} {date}", "date": "d"]) == "{name} {date}")
        #expect("{unknown} and {".fillingPlaceholders(["name": "x"]) == "{unknown} and {")
        #expect("no placeholders".fillingPlaceholders(["name": "x"]) == "no placeholders")
    }

    @Test("English plurals and the count written in the locale")
    func plurals() {
        #expect(trn("{count} report", "{count} reports", count: 1) == "1 report")
        #expect(trn("{count} report", "{count} reports", count: 12_345) == "12,345 reports")
    }

    @Test("dates and numbers follow LC_ALL, then LC_TIME, then LANG; C and POSIX keep the default")
    func formattingLocale() {
        #expect(Localization.formattingLocale(environment: ["LANG": "pl_PL.UTF-8"]).identifier == "pl_PL")
        #expect(
            Localization.formattingLocale(environment: ["LANG": "pl_PL.UTF-8", "LC_TIME": "de_DE.UTF-8"])
                .identifier == "de_DE")
        #expect(
            Localization.formattingLocale(environment: ["LC_ALL": "fr_FR@euro", "LC_TIME": "de_DE"])
                .identifier == "fr_FR")
        #expect(Localization.formattingLocale(environment: ["LC_ALL": "", "LANG": "pl_PL"]).identifier == "pl_PL")
        #expect(Localization.formattingLocale(environment: ["LANG": "C.UTF-8"]) == .current)
        #expect(Localization.formattingLocale(environment: [:]) == .current)
        let polish = Localization.formattingLocale(environment: ["LANG": "pl_PL.UTF-8"])
        #expect(DistanceFormatting.kilometres(2.34, locale: polish).hasPrefix("2,3"))
    }
}
