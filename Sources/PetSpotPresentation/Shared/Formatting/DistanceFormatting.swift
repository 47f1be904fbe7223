// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// "2.3 km": kilometres with exactly one decimal in the given locale
/// ("2,3 km" in Polish).
public enum DistanceFormatting {
    public static func kilometres(_ value: Double, locale: Locale = Localization.locale) -> String {
        guard value.isFinite, value >= 0 else { return "" }
        let number = value.formatted(.number.precision(.fractionLength(1)).locale(locale))
        return tr("{number} km", ["number": number])
    }
}

extension Coordinate {
    /// Distance to `other`, formatted as in `DistanceFormatting`.
    public func formattedDistance(to other: Coordinate, locale: Locale = Localization.locale) -> String {
        DistanceFormatting.kilometres(distance(to: other), locale: locale)
    }

    /// "52.2297° N, 21.0122° E", numbers in the given locale.
    public func formatted(locale: Locale = Localization.locale) -> String {
        let style = FloatingPointFormatStyle<Double>.number.precision(.fractionLength(4)).locale(locale)
            .grouping(.never)
        let latitudeText =
            abs(latitude).formatted(style) + "° "
            + (latitude < 0 ? trc("compass point", "S") : trc("compass point", "N"))
        let longitudeText =
            abs(longitude).formatted(style) + "° "
            + (longitude < 0 ? trc("compass point", "W") : trc("compass point", "E"))
        return "\(latitudeText), \(longitudeText)"
    }
}
