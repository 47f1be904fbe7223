// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

extension ColourWord {
    /// "black", "white": the colour in the user's language, as read in the
    /// middle of a sentence.
    public var displayName: String {
        switch self {
        case .black: trc("coat colour", "black")
        case .white: trc("coat colour", "white")
        case .grey: trc("coat colour", "grey")
        case .brown: trc("coat colour", "brown")
        case .ginger: trc("coat colour", "ginger")
        case .cream: trc("coat colour", "cream")
        case .golden: trc("coat colour", "golden")
        case .tabby: trc("coat colour", "tabby")
        case .spotted: trc("coat colour", "spotted")
        case .tricolour: trc("coat colour", "tricolour")
        }
    }
}

extension MatchReason {
    /// The reason in words, said of a candidate whose status is
    /// `candidateStatus`, seen from the report shown: "1.2 km away", "found 2
    /// days later", "same breed", "both mention black and white".
    public func text(candidateStatus: AnnouncementStatus, locale: Locale = Localization.locale) -> String {
        switch self {
        case .distance(let kilometres):
            ReportSentence.away(DistanceFormatting.kilometres(kilometres, locale: locale))
        case .daysApart(let days):
            Self.daysApartText(days, candidateStatus: candidateStatus)
        case .sameBreed:
            tr("same breed")
        case .sharedColours(let colours):
            tr("both mention {colours}", ["colours": Self.list(colours.map(\.displayName))])
        }
    }

    /// `days` runs from the report shown to the candidate, so a positive
    /// count is later.
    private static func daysApartText(_ days: Int, candidateStatus: AnnouncementStatus) -> String {
        let count = Int(clamping: days.magnitude)
        // A closed report is never a match, so a candidate is lost or found.
        switch (candidateStatus == .lost, days) {
        case (_, 0): return tr("same day")
        case (false, 1...): return trn("found {count} day later", "found {count} days later", count: count)
        case (false, _): return trn("found {count} day earlier", "found {count} days earlier", count: count)
        case (true, 1...): return trn("lost {count} day later", "lost {count} days later", count: count)
        case (true, _): return trn("lost {count} day earlier", "lost {count} days earlier", count: count)
        }
    }

    /// "black", "black and white", "black, white and grey".
    private static func list(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        // swift-format-ignore
        // TRANSLATORS: joins the last two items of a list of coat colours; {first} may be several joined with commas.
        return tr("{first} and {last}",
            ["first": names.dropLast().joined(separator: ", "), "last": last])
    }
}

extension PossibleMatch {
    /// The reasons for the card's extra line, "1.2 km away · found 2 days
    /// later · same breed · both mention white".
    public func reasonsText(locale: Locale = Localization.locale) -> String {
        reasons.map { $0.text(candidateStatus: announcement.status, locale: locale) }.joined(separator: " · ")
    }

    /// The reasons as a screen reader should read them: joined with commas,
    /// not with dots it would read aloud.
    public func spokenReasons(locale: Locale = Localization.locale) -> String {
        reasons.map { $0.text(candidateStatus: announcement.status, locale: locale) }.joined(separator: ", ")
    }
}
