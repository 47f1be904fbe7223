// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Which reports a page is taken from: every filter of a paged list request.
/// Pages of one listing share it; `total` counts what it matches.
struct ReportFilter: Sendable, Equatable {
    enum Sort: String, Sendable, Hashable, CaseIterable {
        /// `createdAt` from the latest, then `id` from the last.
        case newest
        /// `createdAt` from the earliest, then `id` from the first.
        case oldest
        /// Distance from the area's centre from the closest, then `id`.
        case nearest
    }

    var sort: Sort = .newest
    /// A wire status (`MISSING`, `FOUND`, `CLOSED`), or nil for all.
    var status: String?
    /// A wire species (`DOG`, `CAT`…), or nil for all.
    var species: String?
    /// Folded (`String.folded`), trimmed, not empty: found in the folded pet
    /// name or breed. Nil for no search.
    var search: String?
    /// Only reports inside it; `nearest` measures from its centre.
    var area: SearchArea?

    /// Every filter in one line of text: equal filters give equal text, and
    /// different ones different text (numbers written so they read back exactly).
    var canonicalText: String {
        var parts = ["sort=\(sort.rawValue)"]
        parts.append("status=\(status.map { "\($0.count):\($0)" } ?? "-")")
        parts.append("species=\(species.map { "\($0.count):\($0)" } ?? "-")")
        parts.append("q=\(search.map { "\($0.utf8.count):\($0)" } ?? "-")")
        if let area {
            parts.append(
                "area=\(area.latitude.bitPattern),\(area.longitude.bitPattern),\(area.radiusKilometres)")
        } else {
            parts.append("area=-")
        }
        return parts.joined(separator: "|")
    }
}

/// Where a page ends in its listing's order: the last report's sort key and
/// id. The next page starts just after it.
enum ReportPageKey: Sendable, Hashable {
    /// `newest`/`oldest`: the engine's `createdAt` in milliseconds (an
    /// unreadable timestamp has the engine's value for "before everything").
    case created(milliseconds: Int64, id: String)
    /// `nearest`: the engine's distance from the centre (its own unit).
    case distance(Double, id: String)

    var id: String {
        switch self {
        case .created(_, let id), .distance(_, let id): id
        }
    }
}

/// One page of a filtered listing.
struct ReportPageQuery: Sendable, Equatable {
    var filter: ReportFilter
    /// How many reports at most; at least 1.
    var limit: Int
    /// Start just after this key; nil for the first page.
    var after: ReportPageKey?
}

struct ReportPage: Sendable {
    var announcements: [WireAnnouncement]
    /// The last report's key when more reports follow it; nil on the last page.
    var next: ReportPageKey?
}

/// A page and how many reports its filter matches on every page, counted up
/// to a bound (`ReportDatabase.page(_:countingUpTo:)`).
struct CountedReportPage: Sendable {
    var page: ReportPage
    var total: Int
}

/// The page-taking loop both engines share: the engine hands out rows in
/// the listing's order, already narrowed by what its SQL can decide, and
/// `accept` decides the rest exactly (the area's Haversine test, a search
/// the engine cannot fold). Rows are asked for in batches until one more
/// than the page is found, so the page knows whether another follows.
enum ReportPageScan {
    struct Row: Sendable {
        let announcement: WireAnnouncement
        let key: ReportPageKey
    }

    /// - Parameter fetch: up to `count` rows after `key` (nil: from the
    ///   start), in order; fewer means the listing ends there.
    static func page(
        limit: Int, after: ReportPageKey?,
        fetch: (_ after: ReportPageKey?, _ count: Int) async throws -> [Row],
        accept: (WireAnnouncement) -> Bool
    ) async throws -> ReportPage {
        let batch = max(limit + 1, 64)
        var found: [Row] = []
        var position = after
        while found.count <= limit {
            let rows = try await fetch(position, batch)
            for row in rows where accept(row.announcement) {
                found.append(row)
                if found.count > limit { break }
            }
            guard rows.count == batch, let last = rows.last else { break }
            position = last.key
        }
        let shown = found.prefix(limit)
        return ReportPage(
            announcements: shown.map(\.announcement), next: found.count > limit ? shown.last?.key : nil)
    }
}

enum ReportPageError: Error {
    /// `nearest` measures from the area's centre: a filter without an area
    /// cannot have it (the route refuses such a request first).
    case nearestWithoutArea
    /// The cursor key was neither found nor stored.
    case noCursorKey
}
