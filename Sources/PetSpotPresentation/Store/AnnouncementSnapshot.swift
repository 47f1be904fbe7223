import Foundation
import PetSpotDomain

/// One successful fetch of every announcement, with the card of each (cards do
/// not depend on a page's query, only on the user's location and locale).
public struct AnnouncementSnapshot: Sendable {
    /// Counts the store's successful fetches: a larger one is newer.
    public let generation: Int
    public let announcements: [Announcement]
    let cards: [String: AnnouncementCard]

    /// `query`'s results and their cards; nil when the caller was cancelled
    /// meanwhile. Filtering and sorting thousands of items stays off the main thread.
    @concurrent
    func present(_ query: AnnouncementListQuery) async -> (announcements: [Announcement], cards: [AnnouncementCard])? {
        let matching = query.apply(to: announcements)
        if Task.isCancelled { return nil }
        return (matching, matching.compactMap { cards[$0.id] })
    }
}
