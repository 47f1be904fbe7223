// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// The words people search for a species or a status with, in English and
/// Polish whatever the app's language (GNOME Shell's search box is shared by
/// every app, and a Polish speaker may type "pies" in an English session), all
/// folded by `SearchMatcher.fold`. A term names a species or status when one
/// of its words starts with it, so "zagin" finds lost pets while typing.
enum SearchVocabulary {
    static func words(for species: Species) -> [String] {
        switch species {
        case .dog: ["dog", "puppy", "pies", "psy", "piesek", "suka", "szczeniak"]
        case .cat: ["cat", "kitten", "kot", "kotka", "kotek", "kocur", "koty"]
        case .bird: ["bird", "parrot", "ptak", "ptaszek", "papuga"]
        case .rabbit: ["rabbit", "bunny", "krolik", "kroliczek"]
        case .other: ["other", "inne", "inny"]
        }
    }

    static func words(for status: AnnouncementStatus) -> [String] {
        switch status {
        case .lost: ["lost", "missing", "zaginiony", "zaginiona", "zaginione", "zgubiony", "zgubiona"]
        case .found: ["found", "znaleziony", "znaleziona", "znalezione"]
        case .closed: ["closed", "reunited", "zamkniety", "zamknieta", "zamkniete"]
        }
    }

    /// Whether a word of `words` starts with `term` (both folded).
    static func names(_ words: [String], _ term: String) -> Bool {
        words.contains { $0.hasPrefix(term) }
    }
}
