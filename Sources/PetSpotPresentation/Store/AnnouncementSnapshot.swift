import Foundation
import PetSpotDomain

/// One successful fetch of every announcement, with the card of each (cards do
/// not depend on a page's query, only on the user's location and locale).
public struct AnnouncementSnapshot: Sendable {
    /// Counts the store's successful fetches: a larger one is newer.
    public let generation: Int
    public let announcements: [Announcement]
    let cards: [String: AnnouncementCard]

    typealias Presented = (announcements: [Announcement], cards: [AnnouncementCard])

    /// Up to this many announcements a query is applied on the caller's
    /// thread: it takes well under a millisecond, less than the trip to
    /// another thread and back, during which GTK would draw a frame without
    /// the results (Home's first frame at start-up).
    static let presentInlineLimit = 1_000

    /// Whether `present(_:)` is worth a trip off the main thread.
    var isLarge: Bool { announcements.count > Self.presentInlineLimit }

    /// `query`'s results and their cards, on the caller's thread.
    func presentInline(_ query: AnnouncementListQuery) -> Presented {
        let matching = query.apply(to: announcements)
        return (matching, matching.compactMap { cards[$0.id] })
    }

    /// `query`'s results and their cards; nil when the caller was cancelled
    /// meanwhile. Filtering and sorting thousands of items stays off the main thread.
    @concurrent
    func present(_ query: AnnouncementListQuery) async -> Presented? {
        let matching = query.apply(to: announcements)
        if Task.isCancelled { return nil }
        return (matching, matching.compactMap { cards[$0.id] })
    }
}
