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
    public let accessibleName: String

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
