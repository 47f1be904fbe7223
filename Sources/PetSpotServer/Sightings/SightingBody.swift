// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Reads the JSON body of `POST /api/v1/announcements/{id}/sightings` into
/// `SightingInput`, strictly: a key outside `WireNewSighting.acceptedKeys` or
/// a value of the wrong JSON type is refused on its field. What the values
/// mean is left to `SightingRules`, the rules the app's form applies too.
enum SightingBody {
    /// The largest body taken: a 500-character note escaped character by
    /// character stays far below it.
    static let maximumBytes = 8 * 1024

    static func parse(_ body: Data) throws(APIError) -> SightingInput {
        let object = try JSONObjectBody.fields(of: body, acceptedKeys: WireNewSighting.acceptedKeys, of: "a sighting")
        var wrongType: SightingField?
        func text(_ field: SightingField) -> String? {
            switch object[field.rawValue] {
            case nil, .null: return nil
            case .string(let value): return value
            default:
                if wrongType == nil { wrongType = field }
                return nil
            }
        }
        func number(_ field: SightingField) -> Double? {
            switch object[field.rawValue] {
            case nil, .null: return nil
            case .number(let value): return value
            default:
                if wrongType == nil { wrongType = field }
                return nil
            }
        }
        // Read in the contract's order, so the first wrong type is the first field's.
        let seenAt = text(.seenAt)
        let latitude = number(.locationLatitude)
        let longitude = number(.locationLongitude)
        let note = text(.note)
        let contact = text(.contact)
        if let wrongType {
            let kind = wrongType == .locationLatitude || wrongType == .locationLongitude ? "a number" : "a string"
            throw .invalidField(wrongType.rawValue, "\(wrongType.rawValue) must be \(kind).")
        }
        return SightingInput(seenAt: seenAt, latitude: latitude, longitude: longitude, note: note, contact: contact)
    }

    /// What a broken rule says in the error envelope; clients branch on
    /// `code` and `field`, never on these words.
    static func message(_ problem: SightingProblem, field: SightingField) -> String {
        let name = field.rawValue
        switch problem {
        case .missing: return "\(name) is required."
        case .notADateTime: return "\(name) must be an ISO 8601 date and time, such as 2026-11-20T18:42:13Z."
        case .inTheFuture: return "\(name) must not be in the future."
        case .tooOld: return "\(name) must be within the last year."
        case .outOfRange:
            return field == .locationLatitude
                ? "locationLatitude must be a number between -90 and 90."
                : "locationLongitude must be a number between -180 and 180."
        case .tooLong(let limit): return "\(name) must be at most \(limit) characters long."
        case .controlCharacter: return "\(name) must not contain control characters."
        case .notAContact: return "contact must be an email address or a phone number."
        case .refusedByServer: return "\(name) was refused."
        }
    }
}
