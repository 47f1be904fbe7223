// SPDX-License-Identifier: GPL-3.0-or-later

/// The coat colours and patterns matching looks for in descriptions, in
/// English and Polish. Polish adjectives change their endings ("czarny",
/// "czarna", "czarnego"), so Polish words are matched by their stems.
public enum ColourWord: String, Sendable, Hashable, CaseIterable, Comparable {
    case black, white, grey, brown, ginger, cream, golden, tabby, spotted, tricolour

    public static func < (lhs: ColourWord, rhs: ColourWord) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Whole English words, folded (lowercase, no diacritics).
    private var englishWords: Set<String> {
        switch self {
        case .black: ["black"]
        case .white: ["white"]
        case .grey: ["grey", "gray", "silver"]
        case .brown: ["brown", "chocolate"]
        case .ginger: ["ginger", "orange", "red"]
        case .cream: ["cream", "beige", "fawn"]
        case .golden: ["golden", "gold", "yellow"]
        case .tabby: ["tabby", "striped", "brindle"]
        case .spotted: ["spotted", "spots", "dalmatian", "patches", "patched"]
        case .tricolour: ["tricolour", "tricolor", "calico", "tortoiseshell"]
        }
    }

    /// Beginnings of Polish words, folded ("biał" → "bial").
    private var polishStems: [String] {
        switch self {
        case .black: ["czarn"]
        case .white: ["bial"]
        case .grey: ["szar", "srebrn"]
        case .brown: ["brazow", "czekoladow"]
        case .ginger: ["rud", "pomarancz"]
        case .cream: ["kremow", "bezow", "plow"]
        case .golden: ["zlot", "zolt"]
        case .tabby: ["pregowan", "pregi", "pregami", "bury", "bura"]
        case .spotted: ["cetk", "laciat", "nakrapian"]
        case .tricolour: ["trikolor", "tricolor", "szylkret"]
        }
    }

    /// The colours a folded text mentions. Words are split on anything that
    /// is not a letter, so "black-and-white" names two colours.
    package static func mentioned(inFolded text: String) -> Set<ColourWord> {
        var found: Set<ColourWord> = []
        for word in text.split(whereSeparator: { !$0.isLetter }) where word.count >= 3 {
            let word = String(word)
            for colour in allCases where !found.contains(colour) {
                if colour.englishWords.contains(word) || colour.polishStems.contains(where: word.hasPrefix) {
                    found.insert(colour)
                }
            }
        }
        return found
    }
}
