import Foundation
import PetSpotDomain

/// A query's results: the matching reports in order, and their cards, each
/// formatted the first time something asks for it. A list of 100 000 results
/// formats the dozen cards on screen, not 100 000.
public struct AnnouncementResults: CardRows, Sendable {
    /// The query these are the results of.
    public let query: AnnouncementListQuery?
    public let announcements: [Announcement]
    private let formatted: FormattedCards

    init(query: AnnouncementListQuery?, announcements: [Announcement], formatted: FormattedCards) {
        self.query = query
        self.announcements = announcements
        self.formatted = formatted
    }

    /// No results.
    static var none: AnnouncementResults {
        AnnouncementResults(query: nil, announcements: [], formatted: FormattedCards(userLocation: nil, locale: .current))
    }

    public var count: Int { announcements.count }
    public var isEmpty: Bool { announcements.isEmpty }

    public func id(at position: Int) -> String { announcements[position].id }

    public func card(at position: Int) -> AnnouncementCard { formatted.card(for: announcements[position]) }

    /// Every card: for short lists (Home's five) and tests.
    public var cards: [AnnouncementCard] { announcements.map(formatted.card(for:)) }
}
