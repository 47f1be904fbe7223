// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// What the report's page shows, as plain strings in English (the server has
/// no locale): the template escapes each of them (`ScalarHTMLEscaping`). URLs
/// are built here only from values checked first (numeric coordinates, a photo
/// file name, a dialable phone number, an address with `@`), so escaping is
/// all they need.
/// Mustache reads the properties by name, so they are named as the template
/// spells them.
struct ReportPageView {
    /// The longest `og:description` and `<meta name="description">`, in
    /// characters: link previews show about that much, and cut the rest.
    static let previewCharacters = 200

    struct Row {
        let label: String
        let value: String
    }

    struct Photo {
        /// Root-relative, for the page itself (`img-src 'self'`).
        let url: String
        /// For link previews, which need an absolute URL: nil unless the
        /// request named a valid host, and then the page has no `og:image`.
        let absoluteURL: String?
        let alternative: String
    }

    struct Contact {
        let text: String
        let uri: String
    }

    let title: String
    let summary: String
    let pageURL: String?
    let photo: Photo?
    let statusClass: String
    let statusWord: String
    let isClosed: Bool
    let lastSeen: String
    let details: [Row]
    let hasDetails: Bool
    let description: String?
    let phone: Contact?
    let email: Contact?
    let hasContact: Bool
    let coordinates: String
    let mapURL: String

    /// - Parameter origin: `http://host[:port]` from the request's `Host`
    ///   header when it is a valid one, for the absolute URLs of link previews.
    init(_ report: WireAnnouncement, origin: String?, pagePath: String) {
        let species = Self.speciesWord(report.species)
        let status = report.status.uppercased()
        switch status {
        case "FOUND":
            statusClass = "found"
            statusWord = "Found"
        case "CLOSED":
            statusClass = "closed"
            statusWord = "Closed"
        default:
            statusClass = "missing"
            statusWord = "Lost"
        }
        isClosed = status == "CLOSED"
        let name = report.petName.flatMap(Self.nonBlank)
        // A found pet's name is rarely known: "Found dog" says what matters.
        title = name ?? "\(statusWord) \(species.lowercased())"
        lastSeen = Self.readableDate(report.lastSeenDate)

        var rows = [Row(label: "Species", value: species)]
        if let breed = report.breed.flatMap(Self.nonBlank) { rows.append(Row(label: "Breed", value: breed)) }
        if let sex = Self.sexWord(report.sex) { rows.append(Row(label: "Sex", value: sex)) }
        if let age = report.age, age > 0 {
            rows.append(Row(label: "Age", value: age == 1 ? "1 year" : "\(age) years"))
        }
        if let chip = report.microchipNumber.flatMap(Self.nonBlank) {
            rows.append(Row(label: "Microchip", value: chip))
        }
        if let reward = report.reward.flatMap(Self.nonBlank) { rows.append(Row(label: "Reward", value: reward)) }
        details = rows
        hasDetails = !rows.isEmpty
        description = report.description.flatMap(Self.nonBlank)

        phone = report.phone.flatMap(Self.nonBlank).flatMap { text in
            Self.telURI(text).map { Contact(text: text, uri: $0) }
        }
        email = report.email.flatMap(Self.nonBlank).flatMap { text in
            Self.mailtoURI(text).map { Contact(text: text, uri: $0) }
        }
        hasContact = phone != nil || email != nil

        let latitude = report.locationLatitude
        let longitude = report.locationLongitude
        let validPlace =
            latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
        let lat = URIText.plainDecimal(validPlace ? latitude : 0)
        let lon = URIText.plainDecimal(validPlace ? longitude : 0)
        coordinates = "\(lat), \(lon)"
        mapURL = "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=16/\(lat)/\(lon)"

        if let photoURL = report.photoUrl, let file = ImageFileName(photoURL: photoURL) {
            let path = "/images/" + URIText.encodePathSegment(file.name)
            photo = Photo(
                url: path, absoluteURL: origin.map { $0 + path },
                alternative: "Photo of \(title)")
        } else {
            photo = nil
        }
        pageURL = origin.map { $0 + pagePath }

        var summary = "\(statusWord) \(species.lowercased())"
        if name != nil { summary += " · \(title)" }
        summary += " · last seen \(lastSeen)"
        if let description { summary += " · " + description }
        self.summary = Self.shortened(summary, to: Self.previewCharacters)
    }

    // MARK: - Words

    static func speciesWord(_ species: String) -> String {
        switch species.uppercased() {
        case "DOG": "Dog"
        case "CAT": "Cat"
        case "BIRD": "Bird"
        case "RABBIT": "Rabbit"
        case "OTHER", "": "Pet"
        default: species.prefix(1).uppercased() + species.dropFirst().lowercased()
        }
    }

    static func sexWord(_ sex: String) -> String? {
        switch sex.uppercased() {
        case "MALE": "Male"
        case "FEMALE": "Female"
        default: nil
        }
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `2026-11-20` → "20 November 2026"; anything else as given.
    static func readableDate(_ text: String) -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return text }
        return "\(day) \(monthNames[month - 1]) \(year)"
    }

    // MARK: - URLs from checked values

    /// `tel:` with the digits, letters and a leading plus a dialler accepts;
    /// nil when nothing dialable is left.
    static func telURI(_ phone: String) -> String? {
        var kept = ""
        for character in phone where character.isASCII {
            if character.isLetter || character.isNumber || (character == "+" && kept.isEmpty) {
                kept.append(character)
            }
        }
        return kept.contains(where: \.isNumber) ? "tel:" + kept : nil
    }

    /// `mailto:` with the address percent-encoded, so `?` or `&` in it cannot
    /// add a subject or body; nil without an `@`.
    static func mailtoURI(_ email: String) -> String? {
        guard email.contains("@"),
            let encoded = email.addingPercentEncoding(withAllowedCharacters: mailboxAllowed)
        else { return nil }
        return "mailto:" + encoded
    }

    /// Unreserved characters, and the `@` and `+` of an address.
    private static let mailboxAllowed = URIText.unreserved.union(CharacterSet(charactersIn: "@+"))

    // MARK: - Text

    private static func nonBlank(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// At most `limit` characters, on one line, with an ellipsis when cut.
    static func shortened(_ text: String, to limit: Int) -> String {
        let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard oneLine.count > limit else { return oneLine }
        return String(oneLine.prefix(limit - 1)).trimmingCharacters(in: .whitespaces) + "…"
    }
}
