// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// One fetch's reports as pins and as cards (for "Show as List"), newest
/// first, built off the main thread: a region can hold thousands of reports.
struct MapContent: Sendable {
    let pins: [MapPin]
    let cards: [AnnouncementCard]

    /// nil when the caller was cancelled meanwhile.
    @concurrent
    static func build(_ announcements: [Announcement], userLocation: Coordinate?, locale: Locale) async -> MapContent? {
        let newestFirst = AnnouncementListQuery.fullList.apply(to: announcements)
        var pins: [MapPin] = []
        var cards: [AnnouncementCard] = []
        pins.reserveCapacity(newestFirst.count)
        cards.reserveCapacity(newestFirst.count)
        for (index, announcement) in newestFirst.enumerated() {
            if index % 1_000 == 0, Task.isCancelled { return nil }
            let card = AnnouncementCard(announcement, userLocation: userLocation, locale: locale)
            cards.append(card)
            pins.append(MapPin(announcement, card: card))
        }
        return MapContent(pins: pins, cards: cards)
    }
}
