// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

extension CalendarDay {
    /// The day in the user's locale, medium length ("15 Nov 2025",
    /// "Nov 15, 2025"). Formatted in UTC from midnight UTC, so no zone can
    /// move it to a neighbouring day.
    public func formatted(locale: Locale = Localization.locale) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        calendar.locale = locale
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components) else { return isoString }
        var style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, calendar: calendar)
        style.timeZone = .gmt
        return date.formatted(style)
    }
}

public enum AgeFormatting {
    /// "Less than a year", "1 year", "3 years"; `nil` for negative ages.
    public static func approximateAge(years: Int) -> String? {
        switch years {
        case ..<0: nil
        case 0: tr("Less than a year")
        default: trn("{count} year", "{count} years", count: years)
        }
    }
}

/// The one sentence that names a report to a screen reader, on cards and pins
/// (docs/BEHAVIOUR.md §1.2): "Luna, Cat, Lost, last seen 15 Nov 2025, 2.3 km away".
public enum ReportSentence {
    public static func make(name: String, species: String, status: String, lastSeen: String, distanceAway: String?)
        -> String
    {
        guard let distanceAway else {
            return tr(
                "{name}, {species}, {status}, last seen {date}",
                ["name": name, "species": species, "status": status, "date": lastSeen])
        }
        // Laid out by hand: xgettext keeps a translator's comment only when the
        // message starts on the line after it.
        // swift-format-ignore
        // TRANSLATORS: {distance_away} is a whole phrase, "2.3 km away".
        return tr("{name}, {species}, {status}, last seen {date}, {distance_away}",
            ["name": name, "species": species, "status": status, "date": lastSeen, "distance_away": distanceAway])
    }

    /// "2.3 km away".
    public static func away(_ distance: String) -> String {
        tr("{distance} away", ["distance": distance])
    }
}

extension Announcement {
    /// "3 years" etc., when the age is known.
    public var ageText: String? {
        age.flatMap(AgeFormatting.approximateAge(years:))
    }

    /// Last-seen day in the user's locale.
    public func lastSeenText(locale: Locale = Localization.locale) -> String {
        lastSeenDate.formatted(locale: locale)
    }

    /// "2.3 km" from `userLocation`, or `nil` without one.
    public func distanceText(from userLocation: Coordinate?, locale: Locale = Localization.locale) -> String? {
        userLocation.map { coordinate.formattedDistance(to: $0, locale: locale) }
    }

    /// Where the pet was seen, for when no distance can be shown: the address
    /// when known, else the coordinates.
    public func locationText(locale: Locale = Localization.locale) -> String {
        address ?? coordinate.formatted(locale: locale)
    }

    /// The card's accessible name: see `ReportSentence`.
    public func cardAccessibleName(userLocation: Coordinate?, locale: Locale = Localization.locale) -> String {
        ReportSentence.make(
            name: displayName, species: species.displayName, status: status.displayName,
            lastSeen: lastSeenText(locale: locale),
            distanceAway: distanceText(from: userLocation, locale: locale).map(ReportSentence.away))
    }
}
