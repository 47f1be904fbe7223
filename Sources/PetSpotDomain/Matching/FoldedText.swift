// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

extension String {
    /// Lowercased, without diacritics, in narrow forms: how search and
    /// matching compare texts. Letters with a stroke ("ł" in "Łatka") are not
    /// decomposable, so Unicode diacritic folding keeps them; they are mapped
    /// by hand so that a Polish name can be found typed without its
    /// diacritics. Shared by the presentation's search and `MatchFinder`,
    /// hence `package`.
    package var folded: String {
        let folded = folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        guard folded.unicodeScalars.contains(where: { undecomposable[$0] != nil }) else { return folded }
        var scalars = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if let replacement = undecomposable[scalar] {
                scalars.append(contentsOf: replacement.unicodeScalars)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

private let undecomposable: [Unicode.Scalar: String] = [
    "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ø": "o", "Ø": "o", "ħ": "h", "Ħ": "h",
    "ı": "i", "ß": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe",
]
