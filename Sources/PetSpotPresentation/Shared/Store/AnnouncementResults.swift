// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// A query's results: where the matching reports are in a fetch's list, in
/// order, and their cards, each formatted the first time something asks for
/// it. A list of 100 000 results formats the dozen cards on screen, not
/// 100 000, and replacing it frees one buffer of positions, not 100 000
/// copied reports (which took the main thread 10-20 ms).
public struct AnnouncementResults: CardRows, Sendable {
    /// The query these are the results of.
    public let query: AnnouncementListQuery?
    /// The fetch's reports (shared with its snapshot, not copied).
    private let fetched: [Announcement]
    private let positions: [Int]
    private let formatted: FormattedCards

    init(query: AnnouncementListQuery?, fetched: [Announcement], positions: [Int], formatted: FormattedCards) {
        self.query = query
        self.fetched = fetched
        self.positions = positions
        self.formatted = formatted
    }

    /// No results.
    static var none: AnnouncementResults {
        AnnouncementResults(
            query: nil, fetched: [], positions: [],
            formatted: FormattedCards(userLocation: nil, locale: Localization.locale))
    }

    public var count: Int { positions.count }
    public var isEmpty: Bool { positions.isEmpty }

    public func announcement(at position: Int) -> Announcement { fetched[positions[position]] }

    public func id(at position: Int) -> String { announcement(at: position).id }

    public func card(at position: Int) -> AnnouncementCard { formatted.card(for: announcement(at: position)) }

    /// Every result: for short lists (Home's five) and tests.
    public var announcements: [Announcement] { positions.map { fetched[$0] } }

    /// Every result's card: for short lists (Home's five) and tests.
    public var cards: [AnnouncementCard] { positions.map { formatted.card(for: fetched[$0]) } }
}
