// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotLocking

/// The cards of one fetch's reports, each formatted the first time a list
/// shows that report, then kept: a list formats the rows it shows, not one
/// card per report (a second of work at 100 000), and a later query reuses
/// what earlier ones formatted. Safe to share: lists present their queries off
/// the main thread.
final class FormattedCards: Sendable {
    let userLocation: Coordinate?
    private let locale: Locale
    private let formatted = Locked<[String: AnnouncementCard]>([:])

    init(userLocation: Coordinate?, locale: Locale) {
        self.userLocation = userLocation
        self.locale = locale
    }

    /// The same location and locale, and every card formatted so far except
    /// `id`'s (its report changed).
    func copy(forgetting id: String) -> FormattedCards {
        let copy = FormattedCards(userLocation: userLocation, locale: locale)
        let kept = formatted.withLock { cards in
            var kept = cards
            kept[id] = nil
            return kept
        }
        copy.formatted.withLock { $0 = kept }
        return copy
    }

    /// How many cards have been formatted so far.
    var count: Int { formatted.withLock { $0.count } }

    /// `announcement`'s card, formatted now if no list has shown it yet.
    func card(for announcement: Announcement) -> AnnouncementCard {
        if let card = formatted.withLock({ $0[announcement.id] }) { return card }
        // Formatted outside the lock: two threads formatting the same card at
        // once only repeat a little work, and the first one's card is kept.
        let card = AnnouncementCard(announcement, userLocation: userLocation, locale: locale)
        return formatted.withLock { cards in
            if let kept = cards[announcement.id] { return kept }
            cards[announcement.id] = card
            return card
        }
    }
}
