// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// What to show of a list of announcements: filter, search, sort, limit.
/// The server neither sorts nor searches (see the contract), so the client
/// applies this to the fetched list with `apply(to:)`, a pure function.
public struct AnnouncementListQuery: Sendable, Hashable {
    public enum Sort: Sendable, Hashable, CaseIterable {
        /// Most recent `createdAt` first.
        case newest
        /// Oldest `createdAt` first.
        case oldest
        /// Closest to `userLocation` first; without a location, same as `newest`.
        case nearest
    }

    public enum StatusFilter: Sendable, Hashable, CaseIterable {
        /// Every status, closed included.
        case all
        case lost
        case found
    }

    /// At most this many results; `nil` means all.
    public var limit: Int?
    public var sort: Sort
    public var statusFilter: StatusFilter
    /// Matched against name and breed, ignoring case, diacritics and
    /// surrounding whitespace. Empty means no search.
    public var searchText: String
    public var userLocation: Coordinate?

    public init(
        limit: Int? = nil, sort: Sort = .newest, statusFilter: StatusFilter = .all,
        searchText: String = "", userLocation: Coordinate? = nil
    ) {
        self.limit = limit
        self.sort = sort
        self.statusFilter = statusFilter
        self.searchText = searchText
        self.userLocation = userLocation
    }

    /// Home: the five most recent announcements.
    public static let home = AnnouncementListQuery(limit: 5, sort: .newest)
    /// Reports: everything, newest first.
    public static let fullList = AnnouncementListQuery()

    /// The sort actually used: `nearest` needs a location.
    public var effectiveSort: Sort {
        sort == .nearest && userLocation == nil ? .newest : sort
    }

    /// Filters, searches, sorts and limits `announcements`. Ties (equal
    /// timestamps or distances) keep their input order.
    public func apply(to announcements: [Announcement]) -> [Announcement] {
        apply(to: announcements, searchFields: nil)
    }

    /// `apply(to:)`, searching `searchFields` (the same reports' name and
    /// breed, folded once per fetch) instead of folding them again.
    func apply(to announcements: [Announcement], searchFields: [SearchFields]?) -> [Announcement] {
        positions(in: announcements, searchFields: searchFields).map { announcements[$0] }
    }

    /// Where `apply(to:)`'s results are in `announcements`, in order: results
    /// kept as positions into a fetch's reports cost one buffer, where a copy
    /// of 100 000 reports costs a million reference counts to make and to free.
    func positions(in announcements: [Announcement], searchFields: [SearchFields]?) -> [Int] {
        if let limit, limit <= 0 { return [] }
        let matcher = SearchMatcher(searchText)
        let sortNow = effectiveSort
        let matches: (Int) -> Bool =
            if !matcher.isSearching {
                { _ in true }
            } else if let searchFields, searchFields.count == announcements.count {
                { matcher.matches(searchFields[$0]) }
            } else {
                { matcher.matches(SearchFields(announcements[$0])) }
            }
        // Positions and keys only: sorting and selecting move two numbers per
        // report, not the report itself (a dozen strings to retain and release).
        let candidates = announcements.indices.lazy
            .filter { matchesStatus(announcements[$0].status) && matches($0) }
            .map { Ranked(position: $0, key: sortKey(for: announcements[$0], sort: sortNow)) }
        let order: [Ranked]
        if let limit, limit <= Self.selectionLimit {
            // A short limit (Home's five) is one pass keeping the best few, not a sort of everything.
            order = Self.best(limit, of: candidates)
        } else {
            var kept = Array(candidates)
            kept.sort(by: Ranked.precedes)
            order = limit.map { Array(kept.prefix($0)) } ?? kept
        }
        return order.map(\.position)
    }

    /// Up to this limit, the first results are selected in one pass.
    public static let selectionLimit = 64

    /// A report's position in the input and what it is ordered by. Ascending by
    /// key, then by position: a total order, so the result does not depend on
    /// the sort algorithm's stability.
    private struct Ranked {
        let position: Int
        let key: Double

        static func precedes(_ lhs: Ranked, _ rhs: Ranked) -> Bool {
            lhs.key != rhs.key ? lhs.key < rhs.key : lhs.position < rhs.position
        }
    }

    /// The first `limit` of `candidates` in order, kept sorted as they come.
    private static func best(_ limit: Int, of candidates: some Sequence<Ranked>) -> [Ranked] {
        var best: [Ranked] = []
        best.reserveCapacity(limit + 1)
        for candidate in candidates {
            if best.count == limit, let last = best.last, !Ranked.precedes(candidate, last) { continue }
            let index = best.firstIndex { Ranked.precedes(candidate, $0) } ?? best.endIndex
            best.insert(candidate, at: index)
            if best.count > limit { best.removeLast() }
        }
        return best
    }

    private func matchesStatus(_ status: AnnouncementStatus) -> Bool {
        switch statusFilter {
        case .all: true
        case .lost: status == .lost
        case .found: status == .found
        }
    }

    private func sortKey(for announcement: Announcement, sort: Sort) -> Double {
        switch sort {
        case .newest: -announcement.createdAt.timeIntervalSinceReferenceDate
        case .oldest: announcement.createdAt.timeIntervalSinceReferenceDate
        case .nearest: userLocation.map { announcement.coordinate.distance(to: $0) } ?? 0
        }
    }
}

/// Case- and diacritic-insensitive "contains" over name and breed, both
/// folded (`String.folded`, which folds "ł" in "Łatka" too).
struct SearchMatcher {
    /// The folded search text's UTF-8.
    private let needle: [UInt8]?

    init(_ searchText: String) {
        needle = searchText.trimmedNonEmpty.map { Array(Self.fold($0).utf8) }
    }

    /// Whether there is something to search for.
    var isSearching: Bool { needle != nil }

    func matches(_ fields: SearchFields) -> Bool {
        guard let needle else { return true }
        return fields.name.map { Self.contains($0, needle) } == true
            || fields.breed.map { Self.contains($0, needle) } == true
    }

    /// Whether `folded` contains `needle`'s UTF-8 bytes. Both are folded, so
    /// comparing bytes finds what comparing characters would, and a search
    /// over 100 000 names takes milliseconds: `String.contains` went through
    /// Foundation, about a microsecond a call.
    static func contains(_ folded: String, _ needle: [UInt8]) -> Bool {
        var folded = folded
        folded.makeContiguousUTF8()  // folded strings are native already: no copy
        let bytes = folded.utf8.span
        guard needle.count <= bytes.count else { return false }
        var start = 0
        while start + needle.count <= bytes.count {
            var matched = 0
            while matched < needle.count, bytes[start + matched] == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
            start += 1
        }
        return false
    }

    /// `String.folded`: what every search compares.
    static func fold(_ text: String) -> String { text.folded }
}

/// A report's name and breed as search compares them (folded by
/// `SearchMatcher.fold`). Folding is most of a search's cost, so a fetch's
/// reports are folded once (`AnnouncementSnapshot`), not at every keystroke.
struct SearchFields: Sendable {
    let name: String?
    let breed: String?

    init(_ announcement: Announcement) {
        name = announcement.petName.map(SearchMatcher.fold)
        breed = announcement.breed.map(SearchMatcher.fold)
    }
}
