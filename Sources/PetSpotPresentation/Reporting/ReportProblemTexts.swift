// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

extension ReportProblem {
    /// What the form says under `field` when its value has this problem: short,
    /// and saying what to do rather than what went wrong.
    public func message(on field: ReportField) -> String {
        switch self {
        case .missing: Self.missingMessage(field)
        case .tooLong(let limit):
            // TRANSLATORS: a limit on the characters typed into a field.
            trn("Use at most {count} character", "Use at most {count} characters", count: limit)
        case .notPositiveWholeNumber: tr("Enter the age in whole years, like 3")
        case .notDigits: tr("Enter the microchip number with digits only")
        case .outOfRange:
            field == .locationLongitude
                ? tr("Enter a longitude between -180 and 180") : tr("Enter a latitude between -90 and 90")
        case .notAnEmailAddress: tr("Enter an email address like name@example.org")
        case .noDigit: tr("Enter a phone number with at least one digit")
        case .noContact: tr("Give a phone number or an email address")
        case .notADate: tr("Enter a real date")
        case .inTheFuture: tr("Enter a date that is not in the future")
        case .notAllowed: tr("Choose one of the listed values")
        case .controlCharacter: tr("Remove the invisible control characters")
        case .alreadyRegistered: tr("Another report already has this microchip number")
        case .refusedByServer: tr("The server did not accept this value")
        }
    }

    private static func missingMessage(_ field: ReportField) -> String {
        switch field {
        case .status: tr("Choose whether the pet is lost or found")
        case .species: tr("Choose the kind of animal")
        case .sex: tr("Choose the pet's sex, or Unknown")
        case .locationLatitude, .locationLongitude: tr("Pick the place on the map, or enter its coordinates")
        case .lastSeenDate: tr("Choose the day the pet was last seen")
        case .contact: tr("Give a phone number or an email address")
        default: tr("Fill in this field")
        }
    }
}

extension PublishError {
    /// A short sentence for when adding a photo failed.
    public var photoMessage: String {
        switch self {
        case .transport(let error): error.userMessage
        case .rejected: tr("The server did not accept the photo.")
        case .unauthorized: tr("The stored password was not accepted.")
        case .notFound: tr("This report no longer exists.")
        }
    }
}
