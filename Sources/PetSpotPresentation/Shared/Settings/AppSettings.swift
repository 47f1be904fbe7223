// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// What PetSpot remembers between runs. The Reports search is left out on
/// purpose: it is a passing question, and a list silently narrowed by a search
/// typed days ago looks like missing reports.
public struct AppSettings: Equatable, Sendable {
    public var window: WindowGeometry
    public var lastTab: AppTabID
    public var reportsFilter: AnnouncementListQuery.StatusFilter
    public var reportsSort: AnnouncementListQuery.Sort

    public static let standard = AppSettings(
        window: .standard, lastTab: .home, reportsFilter: .all, reportsSort: .newest)

    public init(
        window: WindowGeometry, lastTab: AppTabID, reportsFilter: AnnouncementListQuery.StatusFilter,
        reportsSort: AnnouncementListQuery.Sort
    ) {
        self.window = window
        self.lastTab = lastTab
        self.reportsFilter = reportsFilter
        self.reportsSort = reportsSort
    }

    /// The sort worth keeping at the end of a run: one this run could not
    /// offer (Nearest without a location) stays remembered, unless the user
    /// chose another order meanwhile.
    public static func sortToRemember(
        chosen: AnnouncementListQuery.Sort, restored: AnnouncementListQuery.Sort,
        available: [AnnouncementListQuery.Sort]
    ) -> AnnouncementListQuery.Sort {
        available.contains(restored) || chosen != .newest ? chosen : restored
    }
}

/// Where `AppSettings` are kept: GSettings when its schema is installed, a
/// JSON file otherwise. Main-actor bound: the window reads them at start and
/// writes them as it closes.
@MainActor
public protocol SettingsStore: AnyObject {
    func load() -> AppSettings
    func save(_ settings: AppSettings)
}

/// A choice kept in settings under a stable word, not its Swift case name.
public protocol StoredByName: CaseIterable {
    var storedName: String { get }
}

extension StoredByName {
    /// The case stored as `storedName`; nil for a word no case has.
    public init?(storedName: String) {
        guard let match = Self.allCases.first(where: { $0.storedName == storedName }) else { return nil }
        self = match
    }
}

extension AnnouncementListQuery.StatusFilter: StoredByName {
    public var storedName: String {
        switch self {
        case .all: "all"
        case .lost: "lost"
        case .found: "found"
        }
    }
}

extension AnnouncementListQuery.Sort: StoredByName {
    public var storedName: String {
        switch self {
        case .newest: "newest"
        case .oldest: "oldest"
        case .nearest: "nearest"
        }
    }
}
