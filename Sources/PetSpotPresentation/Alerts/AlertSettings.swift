// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// What the user asked to be told about: new reports within a radius of a
/// centre, of some statuses and species, checked every few minutes. Off until
/// the user turns it on: a desktop app that starts notifying uninvited is spam.
public struct AlertSettings: Equatable, Sendable {
    /// Where the radius is measured from.
    public enum Centre: Equatable, Sendable {
        /// The desktop's location (or `--location`) when the check runs.
        case myLocation
        /// A place the user picked on the map.
        case place(Coordinate)
    }

    public var isEnabled: Bool
    public var radiusKilometres: Int
    public var centre: Centre
    /// Lost and/or found; closed reports are never announced.
    public var statuses: Set<AnnouncementStatus>
    public var species: Set<Species>
    public var checkIntervalMinutes: Int

    public static let minimumRadiusKilometres = 1
    public static let maximumRadiusKilometres = 50
    public static let radiusRange = minimumRadiusKilometres...maximumRadiusKilometres
    /// From once a minute to once a day.
    public static let checkIntervalRange = 1...1440
    /// The statuses a user can choose: a closed report is no news.
    public static let choosableStatuses: [AnnouncementStatus] = [.lost, .found]

    public static let standard = AlertSettings(
        isEnabled: false, radiusKilometres: 5, centre: .myLocation, statuses: [.lost, .found],
        species: Set(Species.allCases), checkIntervalMinutes: 5)

    public init(
        isEnabled: Bool, radiusKilometres: Int, centre: Centre, statuses: Set<AnnouncementStatus>,
        species: Set<Species>, checkIntervalMinutes: Int
    ) {
        self.isEnabled = isEnabled
        self.radiusKilometres = radiusKilometres
        self.centre = centre
        self.statuses = statuses
        self.species = species
        self.checkIntervalMinutes = checkIntervalMinutes
    }

    /// Values from a damaged file or a hand-edited setting, brought back
    /// within what the Preferences window offers.
    public func clamped() -> AlertSettings {
        var settings = self
        settings.radiusKilometres = min(max(radiusKilometres, Self.radiusRange.lowerBound), Self.radiusRange.upperBound)
        settings.checkIntervalMinutes = min(
            max(checkIntervalMinutes, Self.checkIntervalRange.lowerBound), Self.checkIntervalRange.upperBound)
        settings.statuses = statuses.intersection(Self.choosableStatuses)
        return settings
    }
}

/// Where `AlertSettings` are kept: GSettings when PetSpot's schema is
/// installed, a JSON file otherwise (as `SettingsStore` for the window).
@MainActor
public protocol AlertSettingsStore: AnyObject {
    func loadAlerts() -> AlertSettings
    func saveAlerts(_ settings: AlertSettings)
}

extension AnnouncementStatus: StoredByName {
    public var storedName: String { rawValue }
}

extension Species: StoredByName {
    public var storedName: String { rawValue.lowercased() }
}
