// SPDX-License-Identifier: GPL-3.0-or-later

/// A list of reports as a page would ask for it: what a backend that pages
/// answers a page of, and one that does not answers with its whole list.
public struct ReportListRequest: Sendable, Hashable {
    /// The order of a page (docs/BEHAVIOUR.md §4.1).
    public enum Sort: Sendable, Hashable {
        case newest, oldest
        /// By distance from `from`, within `rangeKilometres`.
        case nearest(from: Coordinate, rangeKilometres: Int)
    }

    /// The most reports of one page: the contract's 100 at most.
    public var limit: Int
    /// The cursor of the page before, as the backend sent it.
    public var after: String?
    /// Only reports of this status; nil for every one.
    public var status: AnnouncementStatus?
    /// Text found in the pet's name or breed; nil for none.
    public var search: String?
    public var sort: Sort

    public init(
        limit: Int, after: String? = nil, status: AnnouncementStatus? = nil, search: String? = nil,
        sort: Sort = .newest
    ) {
        self.limit = limit
        self.after = after
        self.status = status
        self.search = search
        self.sort = sort
    }

    /// Home's five newest.
    public static let newestFive = ReportListRequest(limit: 5)
}

/// What a backend answered a `ReportListRequest` with.
public enum ReportListAnswer: Sendable {
    /// A backend that pages: the page asked for.
    case page(ReportListPage)
    /// A backend that does not: its whole list, unfiltered and unsorted, as
    /// `announcements(in: nil)` gives it; the caller filters and sorts.
    case everything([Announcement])
}

/// One page of reports from a backend that pages.
public struct ReportListPage: Sendable {
    public var announcements: [Announcement]
    /// The cursor of the next page; nil on the last.
    public var next: String?
    /// Every report the request's filters match, on all pages (up to a bound
    /// when `totalExact` is false).
    public var total: Int
    public var totalExact: Bool

    public init(announcements: [Announcement], next: String?, total: Int, totalExact: Bool) {
        self.announcements = announcements
        self.next = next
        self.total = total
        self.totalExact = totalExact
    }
}
