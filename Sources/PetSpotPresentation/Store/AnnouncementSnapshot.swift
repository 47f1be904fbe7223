import Foundation
import PetSpotDomain

/// One successful fetch of every announcement, and the cards formatted for
/// them so far (cards do not depend on a page's query, only on the user's
/// location and locale, so every list shares them).
public struct AnnouncementSnapshot: Sendable {
    /// Counts the store's successful fetches: a larger one is newer.
    public let generation: Int
    public let announcements: [Announcement]
    let formattedCards: FormattedCards

    /// How many cards lists have asked for so far (for tests and the bench).
    public var formattedCardCount: Int { formattedCards.count }

    /// Up to this many announcements a query is applied on the caller's
    /// thread: a few milliseconds at most, less than
    /// the trip to another thread and back, during which GTK would draw a
    /// frame without the results (Home's first frame at start-up).
    static let presentInlineLimit = 250

    /// Whether `present(_:)` is worth a trip off the main thread.
    var isLarge: Bool { announcements.count > Self.presentInlineLimit }

    /// `query`'s results, on the caller's thread.
    func presentInline(_ query: AnnouncementListQuery) -> AnnouncementResults {
        AnnouncementResults(announcements: query.apply(to: announcements), formatted: formattedCards)
    }

    /// `query`'s results; nil when the caller was cancelled meanwhile.
    /// Filtering and sorting thousands of items stays off the main thread.
    @concurrent
    func present(_ query: AnnouncementListQuery) async -> AnnouncementResults? {
        let matching = query.apply(to: announcements)
        if Task.isCancelled { return nil }
        return AnnouncementResults(announcements: matching, formatted: formattedCards)
    }
}
