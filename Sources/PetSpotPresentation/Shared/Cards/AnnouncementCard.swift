// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// What one announcement card shows, as display strings (docs/BEHAVIOUR.md §1.2).
/// Home and Reports show the same cards.
public struct AnnouncementCard: Sendable, Hashable, Identifiable {
    public let id: String
    /// The pet's name, or "Unnamed cat".
    public let title: String
    /// "Cat", or "Cat · Maine Coon" with the breed.
    public let subtitle: String
    public let status: AnnouncementStatus
    public let lastSeenText: String
    /// "2.3 km away" when the user's location is known…
    public let distanceText: String?
    /// …otherwise where the pet was seen (address or coordinates).
    public let locationText: String
    public let photoURL: URL?
    /// "Luna, Cat, Lost, last seen 15 Nov 2025, 2.3 km away".
    public private(set) var accessibleName: String
    /// Why the report may be the same pet as the one on a details page, as
    /// an extra line: "1.2 km away · found 2 days later"; nil on other cards.
    public private(set) var matchReasons: String?

    public init(_ announcement: Announcement, userLocation: Coordinate?, locale: Locale = Localization.locale) {
        id = announcement.id
        title = announcement.displayName
        // Validation has already trimmed the breed and turned a blank one into nil.
        subtitle = [announcement.species.displayName, announcement.breed].compactMap { $0 }.joined(separator: " · ")
        status = announcement.status
        lastSeenText = announcement.lastSeenText(locale: locale)
        distanceText = announcement.distanceText(from: userLocation, locale: locale).map(ReportSentence.away)
        locationText = announcement.locationText(locale: locale)
        photoURL = announcement.photoURL
        accessibleName = announcement.cardAccessibleName(userLocation: userLocation, locale: locale)
    }
}

extension AnnouncementCard {
    /// The card of a possible match: its reasons as an extra line, and read
    /// after the card's sentence.
    public func showingReasons(of match: PossibleMatch, locale: Locale = Localization.locale) -> AnnouncementCard {
        var card = self
        card.matchReasons = match.reasonsText(locale: locale)
        card.accessibleName = tr(
            "{report}; possible match: {reasons}",
            ["report": accessibleName, "reasons": match.spokenReasons(locale: locale)])
        return card
    }
}
