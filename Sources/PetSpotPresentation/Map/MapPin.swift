// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// One report on the map, with what its popover shows (docs/BEHAVIOUR.md §1.5).
/// Only valid coordinates exist: `Announcement` holds a `Coordinate`, whose
/// initialiser refuses out-of-range values.
public struct MapPin: Sendable, Hashable, Identifiable {
    public let id: String
    public let coordinate: Coordinate
    /// Colours the marker: lost, found or closed.
    public let status: AnnouncementStatus
    public let species: Species
    /// The pet's name, or "Unnamed cat".
    public let title: String
    /// "Cat · Maine Coon", as on the card.
    public let subtitle: String
    public let photoURL: URL?
    /// The last-seen day in the user's locale ("15 Nov 2025"); the page adds the words around it.
    public let lastSeenText: String
    /// The description, cut at about 140 characters on a word boundary with "…".
    public let shortDescription: String?
    /// The phone number, else the email address.
    public let contact: String?
    /// The card's sentence: "Luna, Cat, Lost, last seen 15 Nov 2025, 2.3 km away".
    public let accessibleName: String

    public init(_ announcement: Announcement, userLocation: Coordinate?, locale: Locale = Localization.locale) {
        self.init(announcement, card: AnnouncementCard(announcement, userLocation: userLocation, locale: locale))
    }

    /// Shares the card's strings, so a pin and its card can never disagree.
    init(_ announcement: Announcement, card: AnnouncementCard) {
        id = announcement.id
        coordinate = announcement.coordinate
        status = announcement.status
        species = announcement.species
        title = card.title
        subtitle = card.subtitle
        photoURL = announcement.photoURL
        lastSeenText = card.lastSeenText
        shortDescription = ShortDescription.make(from: announcement.description)
        contact = announcement.phone ?? announcement.email
        accessibleName = card.accessibleName
    }

    /// A pin for a report known only from its details page (Show on Map before
    /// the region around it has been fetched). Same strings as the list would give.
    public init(_ details: PetDetails) {
        id = details.id
        coordinate = details.coordinate
        status = details.status
        species = Species.allCases.first { $0.displayName == details.species } ?? .other
        title = details.title
        subtitle = [details.species, details.breed].compactMap { $0 }.joined(separator: " · ")
        photoURL = details.photoURL
        lastSeenText = details.lastSeen
        shortDescription = ShortDescription.make(from: details.description)
        contact = details.phone ?? details.email
        // `details.distance` already reads "2.3 km away".
        accessibleName = ReportSentence.make(
            name: details.title, species: details.species, status: details.status.displayName,
            lastSeen: details.lastSeen, distanceAway: details.distance)
    }
}
