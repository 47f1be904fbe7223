// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

// The names of the domain's values in the user's language. The wire values
// (`DOG`, `MISSING`) never change; these are only what people read.

extension Species {
    /// "Dog", "Cat", "Bird", "Rabbit", "Other".
    public var displayName: String {
        switch self {
        case .dog: trc("species", "Dog")
        case .cat: trc("species", "Cat")
        case .bird: trc("species", "Bird")
        case .rabbit: trc("species", "Rabbit")
        case .other: trc("species", "Other")
        }
    }

    /// What a pet without a name is called: whole phrases, so each language
    /// can word them naturally ("Pies bez imienia").
    var unnamedPetName: String {
        switch self {
        case .dog: tr("Unnamed dog")
        case .cat: tr("Unnamed cat")
        case .bird: tr("Unnamed bird")
        case .rabbit: tr("Unnamed rabbit")
        case .other: tr("Unnamed pet")
        }
    }
}

extension Sex {
    /// "Male", "Female", "Unknown".
    public var displayName: String {
        switch self {
        case .male: trc("sex", "Male")
        case .female: trc("sex", "Female")
        case .unknown: trc("sex", "Unknown")
        }
    }
}

extension AnnouncementStatus {
    /// "Lost", "Found", "Closed": the state of a report, said of its pet.
    public var displayName: String {
        switch self {
        case .lost: trc("status", "Lost")
        case .found: trc("status", "Found")
        case .closed: trc("status", "Closed")
        }
    }

    /// Badge text: "LOST", "FOUND", "CLOSED".
    public var badgeText: String { displayName.uppercased(with: Localization.locale) }
}

extension Announcement {
    /// The pet's name, or "Unnamed cat" / "Unnamed pet" when it has none.
    public var displayName: String {
        petName?.trimmedNonEmpty ?? species.unnamedPetName
    }
}

extension RepositoryError {
    /// A short sentence for an error state; the technical detail is logged.
    public var userMessage: String {
        switch self {
        case .unreachable: tr("Can't reach the PetSpot server.")
        case .timedOut: tr("The server took too long to answer.")
        case .badResponse: tr("The server sent a response PetSpot can't read.")
        case .listTooLarge(let limit):
            tr(
                "The server's list of reports is larger than {size}, the most PetSpot reads.",
                ["size": "\((limit + 999_999) / 1_000_000) MB"])
        case .notFound: tr("This report no longer exists.")
        case .cancelled: tr("The request was interrupted.")
        }
    }
}
