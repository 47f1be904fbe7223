// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// The keys of a new sighting, in the order faults are reported.
public enum SightingField: String, Sendable, Hashable, CaseIterable, Codable {
    case seenAt
    case locationLatitude
    case locationLongitude
    case note
    case contact
}

/// Why a sighting's field cannot be sent; the form and the server share them.
public enum SightingProblem: Error, Sendable, Hashable {
    /// Required and empty.
    case missing
    /// Not an ISO 8601 date and time.
    case notADateTime
    /// Later than now, past the clock skew allowed.
    case inTheFuture
    /// Earlier than `SightingRules.maximumAge` before now.
    case tooOld
    /// A coordinate that is not a number in range.
    case outOfRange
    /// Longer than the field's limit, in characters.
    case tooLong(limit: Int)
    /// Holds a control character (a note may hold line breaks and tabs).
    case controlCharacter
    /// A contact that is neither an email address nor a phone number.
    case notAContact
    /// Refused by the server for a reason these rules did not foresee.
    case refusedByServer
}

/// A sighting as typed or as received, before the rules.
public struct SightingInput: Sendable, Hashable {
    /// ISO 8601, `2026-11-20T18:42:13Z` or with an offset.
    public var seenAt: String?
    public var latitude: Double?
    public var longitude: Double?
    public var note: String?
    public var contact: String?

    public init(
        seenAt: String? = nil, latitude: Double? = nil, longitude: Double? = nil, note: String? = nil,
        contact: String? = nil
    ) {
        self.seenAt = seenAt
        self.latitude = latitude
        self.longitude = longitude
        self.note = note
        self.contact = contact
    }
}

/// What is wrong with a sighting, field by field.
public struct SightingProblems: Error, Sendable, Hashable {
    public var byField: [SightingField: SightingProblem]

    public init(byField: [SightingField: SightingProblem]) { self.byField = byField }

    /// The first problem in the contract's key order.
    public var first: (field: SightingField, problem: SightingProblem)? {
        SightingField.allCases.lazy.compactMap { field in self.byField[field].map { (field, $0) } }.first
    }
}

/// The rules a sighting must meet, shared by `petspot-server` (which answers
/// `400`) and the sighting form (which says so as the user types).
public enum SightingRules {
    /// The longest note, in characters: a few sentences.
    public static let noteMaximumLength = 500
    /// How far ahead of the server's clock `seenAt` may be: a phone's or a
    /// desktop's clock a little fast is not a sighting from the future.
    public static let allowedClockSkew: Duration = .seconds(300)
    /// How far back a sighting may be: a year. Older news does not help find
    /// a pet and is more likely a mistyped year.
    public static let maximumAge: Duration = .seconds(365 * 86_400)

    /// Every problem of `input`, or the cleaned sighting when there are none.
    public static func validate(_ input: SightingInput, now: Date) -> Result<NewSighting, SightingProblems> {
        var problems: [SightingField: SightingProblem] = [:]
        var seenAt: Date?
        switch self.seenAt(input.seenAt?.trimmedNonEmpty, now: now) {
        case .success(let date): seenAt = date
        case .failure(let problem): problems[.seenAt] = problem
        }
        if let problem = ReportRules.coordinateProblem(input.latitude, limit: 90) {
            problems[.locationLatitude] = problem == .missing ? .missing : .outOfRange
        }
        if let problem = ReportRules.coordinateProblem(input.longitude, limit: 180) {
            problems[.locationLongitude] = problem == .missing ? .missing : .outOfRange
        }
        let note = input.note?.trimmedNonEmpty
        if let note, let problem = noteProblem(note) { problems[.note] = problem }
        let contact = input.contact?.trimmedNonEmpty
        if let contact, let problem = contactProblem(contact) { problems[.contact] = problem }

        guard problems.isEmpty, let seenAt, let latitude = input.latitude, let longitude = input.longitude,
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        else { return .failure(SightingProblems(byField: problems)) }
        return .success(NewSighting(seenAt: seenAt, coordinate: coordinate, note: note, contact: contact))
    }

    /// An ISO 8601 date and time no later than now plus the skew and no
    /// earlier than `maximumAge` ago.
    public static func seenAt(_ trimmed: String?, now: Date) -> Result<Date, SightingProblem> {
        guard let trimmed else { return .failure(.missing) }
        guard let date = WireDate.timestamp(trimmed) else { return .failure(.notADateTime) }
        return seenAtProblem(date, now: now).map { .failure($0) } ?? .success(date)
    }

    /// A time's problem against `now`, for a form that has a `Date` already.
    public static func seenAtProblem(_ date: Date, now: Date) -> SightingProblem? {
        if date.timeIntervalSince(now) > seconds(allowedClockSkew) { return .inTheFuture }
        if now.timeIntervalSince(date) > seconds(maximumAge) { return .tooOld }
        return nil
    }

    /// Too long, or a control character other than a line break or a tab.
    public static func noteProblem(_ trimmed: String) -> SightingProblem? {
        if trimmed.count > noteMaximumLength { return .tooLong(limit: noteMaximumLength) }
        let allowed: Set<Unicode.Scalar> = ["\n", "\r", "\t"]
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !allowed.contains($0) }
        ) {
            return .controlCharacter
        }
        return nil
    }

    /// An email address (with `@`) or a phone number, each by the report's
    /// own rules and length (`ReportRules`).
    public static func contactProblem(_ trimmed: String) -> SightingProblem? {
        let field: ReportField = trimmed.contains("@") ? .email : .phone
        switch ReportRules.textProblem(field, trimmed, required: false) {
        case .tooLong(let limit): return .tooLong(limit: limit)
        case .controlCharacter: return .controlCharacter
        default: break
        }
        let problem = field == .email ? ReportRules.emailProblem(trimmed) : ReportRules.phoneProblem(trimmed)
        return problem == nil ? nil : .notAContact
    }

    /// The longest contact: an email address's limit.
    public static var contactMaximumLength: Int { ReportRules.maximumLength(of: .email) ?? 254 }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
