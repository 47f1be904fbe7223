// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// The rules a new report must meet, shared by `petspot-server` (which
/// answers `400`) and the form (which says so as the user types).
public enum ReportRules {
    /// The longest value each text field takes, in characters. The contract
    /// names no limits; these keep a report readable and a body small.
    public static func maximumLength(of field: ReportField) -> Int? {
        switch field {
        case .petName, .breed, .reward: 80
        case .species: 40
        case .description: 2000
        case .microchipNumber: 20
        case .email: 254
        case .phone: 32
        default: nil
        }
    }

    /// Every problem of `input`, keyed by the field to show it on, or the
    /// cleaned report when there are none. `today` is the latest day a pet
    /// may have been seen.
    public static func validate(_ input: ReportInput, today: CalendarDay) -> Result<NewReport, ReportProblems> {
        var problems: [ReportField: ReportProblem] = [:]
        func text(_ field: ReportField, _ value: String?, required: Bool = false) -> String? {
            let cleaned = value?.trimmedNonEmpty
            if let problem = textProblem(field, cleaned, required: required) { problems[field] = problem }
            return cleaned
        }

        let status = text(.status, input.status, required: true).flatMap { value in
            let parsed = reportStatus(value)
            if parsed == nil { problems[.status] = .notAllowed }
            return parsed
        }
        let petName = text(.petName, input.petName)
        let species = text(.species, input.species, required: true).flatMap { value in
            let parsed = Species(rawValue: value.uppercased())
            if parsed == nil { problems[.species] = .notAllowed }
            return parsed?.rawValue
        }
        let breed = text(.breed, input.breed)
        let sex = text(.sex, input.sex, required: true).flatMap { value in
            let parsed = Sex(rawValue: value.uppercased())
            if parsed == nil { problems[.sex] = .notAllowed }
            return parsed
        }
        if let age = input.age, let problem = ageProblem(age) { problems[.age] = problem }
        let description = text(.description, input.description)
        let microchip = text(.microchipNumber, input.microchipNumber)
        if let microchip, problems[.microchipNumber] == nil, let problem = microchipProblem(microchip) {
            problems[.microchipNumber] = problem
        }
        if let problem = coordinateProblem(input.latitude, limit: 90) { problems[.locationLatitude] = problem }
        if let problem = coordinateProblem(input.longitude, limit: 180) { problems[.locationLongitude] = problem }
        var lastSeen: CalendarDay?
        if let value = text(.lastSeenDate, input.lastSeenDate, required: true) {
            switch lastSeenDate(value, today: today) {
            case .success(let day): lastSeen = day
            case .failure(let problem): problems[.lastSeenDate] = problem
            }
        }
        let email = text(.email, input.email)
        if let email, problems[.email] == nil, let problem = emailProblem(email) { problems[.email] = problem }
        let phone = text(.phone, input.phone)
        if let phone, problems[.phone] == nil, let problem = phoneProblem(phone) { problems[.phone] = problem }
        if email == nil, phone == nil { problems[.contact] = .noContact }
        let reward = text(.reward, input.reward)

        guard problems.isEmpty, let status, let species, let sex, let lastSeen,
            let latitude = input.latitude, let longitude = input.longitude,
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        else { return .failure(ReportProblems(byField: problems)) }
        return .success(
            NewReport(
                status: status, petName: petName, species: species, breed: breed, sex: sex, age: input.age,
                description: description, microchipNumber: microchip, coordinate: coordinate,
                lastSeenDate: lastSeen, email: email, phone: phone, reward: reward
            )
        )
    }

    /// A text field's problem: missing when required, too long, or holding
    /// control characters (NUL, escape…), which no reader of a report can see
    /// and some break; a description may have line breaks and tabs.
    public static func textProblem(_ field: ReportField, _ trimmed: String?, required: Bool) -> ReportProblem? {
        guard let trimmed else { return required ? .missing : nil }
        if let limit = maximumLength(of: field), trimmed.count > limit { return .tooLong(limit: limit) }
        let allowed: Set<Unicode.Scalar> = field == .description ? ["\n", "\r", "\t"] : []
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !allowed.contains($0) }
        ) {
            return .controlCharacter
        }
        return nil
    }

    /// `MISSING` or `FOUND` (any case); a report is never created closed.
    public static func reportStatus(_ value: String) -> AnnouncementStatus? {
        switch value.uppercased() {
        case "MISSING": .lost
        case "FOUND": .found
        default: nil
        }
    }

    public static func ageProblem(_ age: Int) -> ReportProblem? {
        age > 0 ? nil : .notPositiveWholeNumber
    }

    /// The age as typed: empty is "not given"; otherwise a whole number above zero.
    public static func age(fromText text: String) -> Result<Int?, ReportProblem> {
        guard let trimmed = text.trimmedNonEmpty else { return .success(nil) }
        guard trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let age = Int(trimmed) else {
            return .failure(.notPositiveWholeNumber)
        }
        if let problem = ageProblem(age) { return .failure(problem) }
        return .success(age)
    }

    public static func microchipProblem(_ trimmed: String) -> ReportProblem? {
        trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) ? nil : .notDigits
    }

    /// A latitude (limit 90) or longitude (limit 180): required, finite, in range.
    public static func coordinateProblem(_ value: Double?, limit: Double) -> ReportProblem? {
        guard let value else { return .missing }
        return value.isFinite && (-limit...limit).contains(value) ? nil : .outOfRange
    }

    /// `YYYY-MM-DD`, a real day, not after `today`.
    public static func lastSeenDate(_ trimmed: String, today: CalendarDay) -> Result<CalendarDay, ReportProblem> {
        guard let day = CalendarDay(isoString: trimmed) else { return .failure(.notADate) }
        return day > today ? .failure(.inTheFuture) : .success(day)
    }

    /// Plausible, not proven: one `@`, something before it, a dotted domain
    /// after it, and no spaces.
    public static func emailProblem(_ trimmed: String) -> ReportProblem? {
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last, !local.isEmpty,
            !trimmed.contains(where: \.isWhitespace)
        else { return .notAnEmailAddress }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return .notAnEmailAddress }
        return nil
    }

    /// Free text ("555-PETS") with at least one digit to dial.
    public static func phoneProblem(_ trimmed: String) -> ReportProblem? {
        trimmed.unicodeScalars.contains(where: { (0x30...0x39).contains($0.value) }) ? nil : .noDigit
    }
}

/// What is wrong with a new report, field by field.
public struct ReportProblems: Error, Sendable, Hashable {
    public var byField: [ReportField: ReportProblem]

    public init(byField: [ReportField: ReportProblem]) { self.byField = byField }

    /// The first problem in the form's order (the contract's key order), for
    /// a server that answers one field at a time.
    public var first: (field: ReportField, problem: ReportProblem)? {
        ReportField.allCases.lazy.compactMap { field in self.byField[field].map { (field, $0) } }.first
    }
}
