// SPDX-License-Identifier: GPL-3.0-or-later

/// The fields of a new report, named as the wire contract names them: a server
/// error's `field` is one of these raw values, so the app can put the message
/// on the right row.
public enum ReportField: String, Sendable, Hashable, CaseIterable, Codable {
    case status
    case petName
    case species
    case breed
    case sex
    case age
    case description
    case microchipNumber
    case locationLatitude
    case locationLongitude
    case lastSeenDate
    case email
    case phone
    /// Not a key: "give an email address or a phone number, or both".
    case contact
    case reward
}

/// Why a field's value cannot be sent. Client and server share these, so the
/// form refuses exactly what a PetSpot backend refuses.
public enum ReportProblem: Error, Sendable, Hashable, Codable {
    /// Required and empty.
    case missing
    /// Longer than `ReportRules.maximumLength(of:)` characters.
    case tooLong(limit: Int)
    /// Not a whole number above zero (the age).
    case notPositiveWholeNumber
    /// Holds something other than the digits 0–9 (the microchip number).
    case notDigits
    /// Not a number, or outside −90…90 / −180…180 (coordinates).
    case outOfRange
    /// Not shaped like `name@example.org`.
    case notAnEmailAddress
    /// A phone number with no digit in it.
    case noDigit
    /// Neither an email address nor a phone number.
    case noContact
    /// Not a real `YYYY-MM-DD` day.
    case notADate
    /// A day after today.
    case inTheFuture
    /// Not one of the values the contract lists (status, species, sex).
    case notAllowed
    /// Holds a control character (NUL, escape…) where only text belongs.
    case controlCharacter
    /// Another report already has this microchip number (the server's 409).
    case alreadyRegistered
    /// Refused by the server for a reason the client's rules did not foresee.
    case refusedByServer
}
