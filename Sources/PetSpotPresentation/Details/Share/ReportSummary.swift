// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// A report told in a few lines, for Email… on the details page: what a
/// neighbour needs to recognise the pet and answer, and the report's page when
/// the backend serves one. Plain text in the user's language.
public enum ReportSummary {
    /// "Lost: Luna (Cat)".
    public static func subject(of details: PetDetails) -> String {
        tr(
            "{status}: {name} ({species})",
            ["status": details.status.displayName, "name": details.title, "species": details.species])
    }

    /// The subject, when and where the pet was last seen, the contact, and the link.
    public static func body(of details: PetDetails, pageURL: URL?) -> String {
        var lines = [subject(of: details)]
        if details.status == .closed { lines.append(tr("Closed — this pet is home")) }
        lines.append(tr("Last seen {date} at {place}", ["date": details.lastSeen, "place": details.location]))
        if let phone = details.phone { lines.append(tr("Phone: {phone}", ["phone": phone])) }
        if let email = details.email { lines.append(tr("Email: {address}", ["address": email])) }
        if let pageURL { lines.append(tr("Photo and details: {link}", ["link": pageURL.absoluteString])) }
        return lines.joined(separator: "\n")
    }

    /// `mailto:?subject=…&body=…` (RFC 6068) with no recipient, so the user
    /// chooses one in their mail client. Everything but unreserved characters
    /// is percent-encoded, line breaks as `%0D%0A`, so no text can end a
    /// field or add one.
    public static func mailtoURI(for details: PetDetails, pageURL: URL?) -> String {
        let body = body(of: details, pageURL: pageURL).replacingOccurrences(of: "\n", with: "\r\n")
        return "mailto:?subject=" + encoded(subject(of: details)) + "&body=" + encoded(body)
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: URIText.unreserved) ?? ""
    }
}
