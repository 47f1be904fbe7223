// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// One list of reports made ready for GNOME Shell's search: every name and
/// breed folded once, so that each query is a pass of byte comparisons
/// (milliseconds over 100 000 reports) and the Shell never waits on us.
///
/// A term matches a report when its name or breed contains it (folded as the
/// Reports search folds: case, diacritics, "ł"), or when it starts a word
/// that names the report's species, status or known breed in English or
/// Polish ("pies", "zaginiona", "owczarek"). Every term must match.
public struct ReportSearchIndex: Sendable {
    /// Shell searches longer than this (all terms together) find nothing: no
    /// name or breed is longer, and it bounds the work a hostile caller can ask for.
    public static let maximumSearchLength = 200
    /// Results answered at most: the Shell shows a handful, and a short answer
    /// keeps the D-Bus reply small.
    public static let resultLimit = 100

    private struct Entry: Sendable {
        let name: String?
        let breed: String?
        let breeds: UInt64
        let species: Species
        let status: AnnouncementStatus
    }

    /// One search term, folded, with the species, statuses and breeds it names.
    private struct Term {
        let needle: [UInt8]
        let species: Set<Species>
        let statuses: Set<AnnouncementStatus>
        let breeds: UInt64

        init(folded term: String) {
            needle = Array(term.utf8)
            species = Set(Species.allCases.filter { SearchVocabulary.names(SearchVocabulary.words(for: $0), term) })
            statuses = Set(
                AnnouncementStatus.allCases.filter { SearchVocabulary.names(SearchVocabulary.words(for: $0), term) })
            breeds = ReportSearchIndex.breedBits(
                BreedName.allCases.filter { breed in
                    breed.names.contains { name in name.split(separator: " ").contains { $0.hasPrefix(term) } }
                })
        }

        func matches(_ entry: Entry) -> Bool {
            species.contains(entry.species) || statuses.contains(entry.status) || breeds & entry.breeds != 0
                || entry.name.map { SearchMatcher.contains($0, needle) } == true
                || entry.breed.map { SearchMatcher.contains($0, needle) } == true
        }
    }

    public let announcements: [Announcement]
    private let entries: [Entry]
    private let positions: [String: Int]

    public init(_ announcements: [Announcement]) {
        self.announcements = announcements
        // Breeds repeat across a list ("Mixed", "Labrador"): each is folded and
        // looked up once.
        var breeds: [String: (folded: String, bits: UInt64)] = [:]
        entries = announcements.map { announcement in
            let breed = announcement.breed.map { text in
                if let known = breeds[text] { return known }
                let folded = Self.fold(text)
                let words = Set(folded.split(whereSeparator: { !$0.isLetter }))
                let made = (folded: folded, bits: Self.breedBits(BreedName.named(byFolded: words)))
                breeds[text] = made
                return made
            }
            return Entry(
                name: announcement.petName.map(Self.fold), breed: breed?.folded, breeds: breed?.bits ?? 0,
                species: announcement.species, status: announcement.status)
        }
        // The first of two reports with one id wins, as in the lists.
        positions = Dictionary(announcements.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// `SearchMatcher.fold`, with plain ASCII (most names) lowercased directly:
    /// Foundation's folding costs about a microsecond a string, which is most of
    /// building the index of a large list.
    static func fold(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return SearchMatcher.fold(text) }
        return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// The reports every term matches, open ones (lost, found) before closed
    /// ones and otherwise in the list's order, at most `resultLimit`. No terms,
    /// or a search over `maximumSearchLength`, find nothing.
    public func search(_ terms: [String]) -> [Announcement] {
        guard let terms = Self.parse(terms) else { return [] }
        var open: [Int] = []
        var closed: [Int] = []
        for (position, entry) in entries.enumerated() where terms.allSatisfy({ $0.matches(entry) }) {
            if entry.status == .closed {
                if open.count + closed.count < Self.resultLimit { closed.append(position) }
            } else {
                open.append(position)
                if open.count == Self.resultLimit { break }
            }
        }
        return (open + closed).prefix(Self.resultLimit).map { announcements[$0] }
    }

    /// The reports with these ids, in the order asked; unknown ids are left out.
    public func announcements(ids: [String]) -> [Announcement] {
        ids.compactMap { positions[$0].map { announcements[$0] } }
    }

    /// The terms folded and split at white space; nil when there is nothing
    /// to search for or too much.
    private static func parse(_ terms: [String]) -> [Term]? {
        guard terms.reduce(0, { $0 + $1.count }) <= maximumSearchLength else { return nil }
        let words = terms.flatMap { Self.fold($0).split(whereSeparator: \.isWhitespace).map(String.init) }
        guard !words.isEmpty else { return nil }
        return words.map(Term.init(folded:))
    }

    private static let breedBit: [BreedName: UInt64] = Dictionary(
        uniqueKeysWithValues: BreedName.allCases.enumerated().map { ($1, UInt64(1) << UInt64($0)) })

    private static func breedBits(_ breeds: some Sequence<BreedName>) -> UInt64 {
        breeds.reduce(0) { $0 | (breedBit[$1] ?? 0) }
    }
}
