// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Reads the JSON body of `POST /api/v1/announcements`, or of
/// `PATCH /api/v1/announcements/{id}`, into `ReportInput`, strictly: any key
/// outside `WireNewAnnouncement.acceptedKeys` and any value of the wrong JSON
/// type (`"age": "3"`, `"locationLatitude": "52"`) is refused on its field.
/// `null` empties a field, so for a new report it is the same as an absent
/// key. What the values mean is left to `ReportRules`, the rules the app's
/// form applies too.
enum NewReportBody {
    /// The largest body taken; a full report with a 2 000-character description
    /// stays far below it, even with every character escaped.
    static let maximumBytes = 64 * 1024

    /// The input, or the first error in the contract's field order.
    static func parse(_ body: Data) throws(APIError) -> ReportInput {
        try input(from: fields(of: body), over: ReportInput())
    }

    /// The body's keys and their values, once it is a JSON object with no
    /// key outside `WireNewAnnouncement.acceptedKeys`; their types are not
    /// checked yet.
    static func fields(of body: Data) throws(APIError) -> [String: JSONShape] {
        try JSONObjectBody.fields(of: body, acceptedKeys: WireNewAnnouncement.acceptedKeys, of: "a report")
    }

    /// `base` with each key of `object` in its place (`null` empties it), or
    /// the first error in the contract's field order. A new report has an
    /// empty base; a change to one (`UpdateReportRoute`) has the stored report.
    static func input(from object: [String: JSONShape], over base: ReportInput) throws(APIError) -> ReportInput {
        var wrongTypes: [ReportField: String] = [:]
        func text(_ field: ReportField, _ current: String?) -> String? {
            switch object[field.rawValue] {
            case nil: return current
            case .null: return nil
            case .string(let value): return value
            default:
                wrongTypes[field] = "\(field.rawValue) must be a string."
                return current
            }
        }
        func number(_ key: String, _ field: ReportField, _ current: Double?) -> Double? {
            switch object[key] {
            case nil: return current
            case .null: return nil
            case .number(let value): return value
            default:
                wrongTypes[field] = "\(key) must be a number."
                return current
            }
        }
        var age = base.age
        switch object[ReportField.age.rawValue] {
        case nil: break
        case .null: age = nil
        case .number(let value) where value.rounded() == value && abs(value) < 1e15: age = Int(value)
        default: wrongTypes[.age] = "age must be a whole number of years."
        }
        let input = ReportInput(
            status: text(.status, base.status), petName: text(.petName, base.petName),
            species: text(.species, base.species), breed: text(.breed, base.breed), sex: text(.sex, base.sex),
            age: age, description: text(.description, base.description),
            microchipNumber: text(.microchipNumber, base.microchipNumber),
            latitude: number("locationLatitude", .locationLatitude, base.latitude),
            longitude: number("locationLongitude", .locationLongitude, base.longitude),
            lastSeenDate: text(.lastSeenDate, base.lastSeenDate), email: text(.email, base.email),
            phone: text(.phone, base.phone), reward: text(.reward, base.reward))
        if let field = ReportField.allCases.first(where: { wrongTypes[$0] != nil }), let message = wrongTypes[field] {
            // A wrong type comes before a rule broken by a later field, not after it.
            let rules = ReportRules.validate(input, today: CalendarDay.latestToday())
            if case .failure(let problems) = rules, let first = problems.first,
                ReportField.allCases.firstIndex(of: first.field)! < ReportField.allCases.firstIndex(of: field)!
            {
                throw .invalidField(first.field.rawValue, ReportProblemText.message(first.problem, field: first.field))
            }
            throw .invalidField(field.rawValue, message)
        }
        return input
    }
}

/// What a broken rule says to whoever reads the error envelope. Clients
/// branch on `code` and `field`, never on these words.
enum ReportProblemText {
    static func message(_ problem: ReportProblem, field: ReportField) -> String {
        let name = field.rawValue
        switch problem {
        case .missing: return "\(name) is required."
        case .tooLong(let limit): return "\(name) must be at most \(limit) characters long."
        case .notPositiveWholeNumber: return "\(name) must be a whole number above zero."
        case .notDigits: return "\(name) must contain digits only."
        case .outOfRange:
            return name == "locationLatitude"
                ? "locationLatitude must be a number between -90 and 90."
                : "locationLongitude must be a number between -180 and 180."
        case .notAnEmailAddress: return "email is not an email address."
        case .noDigit: return "phone must contain at least one digit."
        case .noContact: return "Give an email address or a phone number, or both."
        case .notADate: return "\(name) must be a date written YYYY-MM-DD."
        case .inTheFuture: return "\(name) must not be in the future."
        case .notAllowed:
            switch field {
            case .status: return "status must be MISSING or FOUND."
            case .species: return "species must be DOG, CAT, BIRD, RABBIT or OTHER."
            default: return "sex must be MALE, FEMALE or UNKNOWN."
            }
        case .controlCharacter: return "\(name) must not contain control characters."
        case .alreadyRegistered: return "Another report already has this \(name)."
        case .refusedByServer: return "\(name) was refused."
        }
    }
}
