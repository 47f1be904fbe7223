// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Where the pet was last seen, as the form holds it: one pair of coordinate
/// texts and where they came from. Picking a place on the map or "Use My
/// Location" writes the texts, so the rows always show what will be sent, and
/// typing in them makes the place typed.
public struct ReportLocationInput: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// Picked on the map.
        case map
        /// The user's location, when known.
        case myLocation
        /// Typed into the latitude and longitude rows.
        case typed
    }

    public var latitudeText: String
    public var longitudeText: String
    /// nil until a place is given.
    public var source: Source?

    public init(latitudeText: String, longitudeText: String, source: Source?) {
        self.latitudeText = latitudeText
        self.longitudeText = longitudeText
        self.source = source
    }

    /// No place yet.
    public static let none = ReportLocationInput(latitudeText: "", longitudeText: "", source: nil)

    /// `coordinate` from the map or the user's location, written with up to
    /// six decimals (about 10 cm) and a point, whatever the locale.
    public static func picked(_ coordinate: Coordinate, from source: Source) -> ReportLocationInput {
        ReportLocationInput(
            latitudeText: text(coordinate.latitude), longitudeText: text(coordinate.longitude), source: source)
    }

    /// The place with `text` typed as its latitude; nil when `text` is the
    /// latitude already, so nothing changes.
    public func typing(latitude text: String) -> ReportLocationInput? {
        guard text != latitudeText else { return nil }
        return ReportLocationInput(latitudeText: text, longitudeText: longitudeText, source: .typed)
    }

    /// The place with `text` typed as its longitude; nil when `text` is the
    /// longitude already.
    public func typing(longitude text: String) -> ReportLocationInput? {
        guard text != longitudeText else { return nil }
        return ReportLocationInput(latitudeText: latitudeText, longitudeText: text, source: .typed)
    }

    /// The place, when both texts are numbers in range.
    public var coordinate: Coordinate? {
        guard let latitude = Self.number(latitudeText), let longitude = Self.number(longitudeText) else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Whether nothing has been given: no source and both rows blank.
    public var isEmpty: Bool {
        source == nil && latitudeText.trimmedNonEmpty == nil && longitudeText.trimmedNonEmpty == nil
    }

    /// A coordinate text as `ReportInput` takes it for `ReportRules`: nil when
    /// blank (missing), not-a-number when it is not a number (out of range).
    static func ruleValue(_ text: String) -> Double? {
        guard text.trimmedNonEmpty != nil else { return nil }
        return number(text) ?? .nan
    }

    /// A decimal number with a point or a comma ("52,2297" as Polish users
    /// write it), and a minus sign typed either way.
    static func number(_ text: String) -> Double? {
        guard var trimmed = text.trimmedNonEmpty else { return nil }
        trimmed = trimmed.replacingOccurrences(of: "\u{2212}", with: "-")
        if !trimmed.contains("."), trimmed.filter({ $0 == "," }).count == 1 {
            trimmed = trimmed.replacingOccurrences(of: ",", with: ".")
        }
        // Digits, one point and a leading sign only: no "inf", "nan" or hexadecimal.
        let allowed = trimmed.enumerated().allSatisfy { index, character in
            character.isASCII
                && (character.isNumber || character == "." || ((character == "-" || character == "+") && index == 0))
        }
        guard allowed, trimmed.contains(where: \.isNumber) else { return nil }
        return Double(trimmed)
    }

    private static func text(_ value: Double) -> String {
        value.formatted(
            .number.precision(.fractionLength(0...6)).grouping(.never).locale(Locale(identifier: "en_US_POSIX")))
    }
}

extension ReportLocationInput.Source {
    /// Where the place came from, under the form's Place row.
    public var displayName: String {
        switch self {
        case .map: tr("Picked on the map")
        case .myLocation: tr("Your location")
        case .typed: tr("Typed coordinates")
        }
    }
}
