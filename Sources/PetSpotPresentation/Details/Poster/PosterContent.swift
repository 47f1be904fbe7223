// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import QRKit

/// What a printed poster of one report says, in the user's language
/// (docs/decisions/0054-a-poster-to-print.md): the heading, the pet, when it
/// was last seen, the description cut to fit, the contact, the reward and a QR
/// code. The UI lays it out on the page; a missing field is nil and simply
/// not printed.
public struct PosterContent: Sendable, Hashable {
    public let status: AnnouncementStatus
    /// "LOST", "FOUND" (or "CLOSED"): the largest text on the page.
    public let heading: String
    /// The pet's own name; nil when it has none (the facts line names the species).
    public let name: String?
    /// "Dog · Labrador · Male · 3 years": what is known, in that order.
    public let facts: String
    /// "Last seen on 15 Nov 2025" ("Found on …" for a found pet).
    public let lastSeen: String
    /// At most `PosterContent.descriptionLimit` characters, cut at a word with an ellipsis.
    public let description: String?
    /// Above the contact: "Seen this pet? Please get in touch"; nil without a contact.
    public let callToAction: String?
    public let phone: String?
    public let email: String?
    /// "Reward: 500 PLN".
    public let reward: String?
    public let qrCode: PosterQRCode?
    public let photoURL: URL?

    /// The most of the description a poster prints: about ten lines at the
    /// poster's size on A4. The drawing ellipsizes again if it still does not fit.
    public static let descriptionLimit = 600

    /// `pageURL` is the report's public page when the backend serves one; the
    /// QR code carries it, else the phone as `tel:`, else the e-mail as `mailto:`.
    public init(_ announcement: Announcement, pageURL: URL?, locale: Locale = Localization.locale) {
        let details = PetDetails(announcement, userLocation: nil, locale: locale)
        status = announcement.status
        // Languages whose adjective agrees with the pet ("ZAGINIONA" for a female)
        // translate the female form apart; an unknown sex takes the general one.
        heading =
            switch (announcement.status, announcement.sex) {
            case (.lost, .female):
                // TRANSLATORS: the printed poster's heading for a missing female pet, in capitals.
                trc("poster, female pet", "LOST")
            case (.lost, _):
                // TRANSLATORS: the printed poster's heading for a missing pet, in capitals.
                trc("poster", "LOST")
            case (.found, .female):
                // TRANSLATORS: the printed poster's heading for a female pet someone found, in capitals.
                trc("poster, female pet", "FOUND")
            case (.found, _):
                // TRANSLATORS: the printed poster's heading for a pet someone found, in capitals.
                trc("poster", "FOUND")
            case (.closed, _): announcement.status.badgeText
            }
        name = announcement.petName?.trimmedNonEmpty
        var facts = [details.species]
        if let breed = details.breed { facts.append(breed) }
        if announcement.sex != .unknown { facts.append(details.sex) }
        if let age = details.age { facts.append(age) }
        self.facts = facts.joined(separator: " · ")
        lastSeen =
            announcement.status == .found
            ? tr("Found on {date}", ["date": details.lastSeen])
            : tr("Last seen on {date}", ["date": details.lastSeen])
        description = announcement.description.map { Self.cut($0, to: Self.descriptionLimit) }
        phone = details.phone
        email = details.email
        callToAction =
            if details.phone == nil && details.email == nil {
                nil
            } else if announcement.status == .found {
                tr("Is this your pet? Please get in touch")
            } else {
                tr("Seen this pet? Please get in touch")
            }
        reward = details.reward.map { tr("Reward: {reward}", ["reward": $0]) }
        qrCode = PosterQRCode(pageURL: pageURL, phoneURI: details.phoneURI, emailURI: details.emailURI)
        photoURL = announcement.photoURL
    }

    /// `text` when it has at most `limit` characters; else cut at the last
    /// space before the limit (or at the limit, for one long word) with "…".
    /// Punctuation left dangling at the cut goes; an opening quote or
    /// bracket at the start stays.
    static func cut(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let head = text.prefix(limit - 1)
        let atWord = head.lastIndex(where: \.isWhitespace).map { head[..<$0] } ?? head
        var kept = Substring((atWord.isEmpty ? head : atWord).trimmingCharacters(in: .whitespacesAndNewlines))
        let dangling = CharacterSet.whitespacesAndNewlines.union(.punctuationCharacters)
        while let last = kept.last, last.unicodeScalars.allSatisfy(dangling.contains) { kept.removeLast() }
        return kept + "…"
    }
}

/// The poster's QR code: what it carries, the line printed under it, and its modules.
public struct PosterQRCode: Sendable, Hashable {
    public enum Payload: Sendable, Hashable {
        case page, phone, email
    }

    public let payload: Payload
    /// The URI encoded: the report's page, `tel:` or `mailto:`.
    public let text: String
    /// "Scan to see the report" and so on.
    public let caption: String
    let code: QRCode

    /// Modules per side, without the quiet zone.
    public var size: Int { code.size }
    /// Whether the module at `row`, `column` is dark.
    public func isDark(row: Int, column: Int) -> Bool { code.isDark(row: row, column: column) }

    /// The page first (it has everything, and stays right if the contact
    /// changes), then the phone, then the e-mail; one too long to encode
    /// (`QRCode.maximumBytes`) gives way to the next. Nil when none is left.
    init?(pageURL: URL?, phoneURI: String?, emailURI: String?) {
        var candidates: [(Payload, String)] = []
        if let pageURL, let scheme = pageURL.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            candidates.append((.page, pageURL.absoluteString))
        }
        if let phoneURI { candidates.append((.phone, phoneURI)) }
        if let emailURI { candidates.append((.email, emailURI)) }
        guard
            let (payload, text, code) = candidates.lazy.compactMap({ payload, text in
                (try? QRCode(encoding: text)).map { (payload, text, $0) }
            }).first
        else { return nil }
        self.payload = payload
        self.text = text
        self.code = code
        caption =
            switch payload {
            case .page: tr("Scan to see the report")
            case .phone: tr("Scan to call")
            case .email: tr("Scan to send an email")
            }
    }
}
