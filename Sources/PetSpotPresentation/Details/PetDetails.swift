// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// What the details page shows for one announcement, as display strings
/// (docs/BEHAVIOUR.md §1.4). Optional fields are nil when the report lacks them.
public struct PetDetails: Sendable, Hashable {
    public let id: String
    public let title: String
    public let status: AnnouncementStatus
    public let reward: String?
    public let species: String
    public let breed: String?
    public let sex: String
    public let age: String?
    public let microchipNumber: String?
    public let lastSeen: String
    /// Coordinates, and the address when the backend gave one.
    public let location: String
    public let distance: String?
    public let description: String?
    public let phone: String?
    public let email: String?
    public let photoURL: URL?
    public let coordinate: Coordinate

    /// Text fields are used as given: validation has already trimmed them and
    /// turned blank ones into nil.
    public init(_ announcement: Announcement, userLocation: Coordinate?, locale: Locale = Localization.locale) {
        id = announcement.id
        title = announcement.displayName
        status = announcement.status
        reward = announcement.reward
        species = announcement.species.displayName
        breed = announcement.breed
        sex = announcement.sex.displayName
        age = announcement.ageText
        microchipNumber = announcement.microchipNumber
        lastSeen = announcement.lastSeenText(locale: locale)
        let coordinates = announcement.coordinate.formatted(locale: locale)
        location = announcement.address.map { "\($0) (\(coordinates))" } ?? coordinates
        distance = announcement.distanceText(from: userLocation, locale: locale).map(ReportSentence.away)
        description = announcement.description?.wrappable()
        phone = announcement.phone
        email = announcement.email
        photoURL = announcement.photoURL
        coordinate = announcement.coordinate
    }

    /// `tel:` URI for the phone number: keeps digits, letters (555-PETS) and a
    /// leading plus; drops spaces and punctuation a dialer would choke on.
    public var phoneURI: String? {
        guard let phone else { return nil }
        let kept = phone.enumerated().filter { index, character in
            character.isASCII && (character.isLetter || character.isNumber || (character == "+" && index == 0))
        }.map(\.element)
        return kept.isEmpty ? nil : "tel:" + String(kept)
    }

    /// `mailto:` URI for the email address, percent-encoded.
    public var emailURI: String? {
        guard let email, email.contains("@"),
            let encoded = email.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed.union(["@"]))
        else { return nil }
        return "mailto:" + encoded
    }
}
