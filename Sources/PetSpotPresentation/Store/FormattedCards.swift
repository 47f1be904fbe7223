import Foundation
import PetSpotDomain
import Synchronization

/// The cards of one fetch's reports, each formatted the first time a list
/// shows that report, then kept: Home formats its five, not one per report
/// (a second of work at 100 000), and a later query reuses what earlier ones
/// formatted. Safe to share: lists present their queries off the main thread.
final class FormattedCards: Sendable {
    private let userLocation: Coordinate?
    private let locale: Locale
    private let formatted = Mutex<[String: AnnouncementCard]>([:])

    init(userLocation: Coordinate?, locale: Locale) {
        self.userLocation = userLocation
        self.locale = locale
    }

    /// How many cards have been formatted so far.
    var count: Int { formatted.withLock { $0.count } }

    /// The card of each of `announcements`, in the same order.
    func cards(for announcements: [Announcement]) -> [AnnouncementCard] {
        let known = formatted.withLock { cards in announcements.map { cards[$0.id] } }
        // Formatting happens outside the lock: two lists formatting the same
        // card at once only repeat a little work.
        var new: [String: AnnouncementCard] = [:]
        let cards = zip(announcements, known).map { announcement, card in
            if let card { return card }
            let card = AnnouncementCard(announcement, userLocation: userLocation, locale: locale)
            new[announcement.id] = card
            return card
        }
        if !new.isEmpty { formatted.withLock { $0.merge(new) { kept, _ in kept } } }
        return cards
    }
}
