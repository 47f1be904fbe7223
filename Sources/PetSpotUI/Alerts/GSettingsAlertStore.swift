// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import Logging
import PetSpotDomain
import PetSpotPresentation

/// `AlertSettings` in GSettings, beside the window's settings (the
/// `alerts-*` keys of `io.github.petspot.PetSpot`).
@MainActor
final class GSettingsAlertStore: AlertSettingsStore {
    private let settings: Settings

    init(settings: Settings) { self.settings = settings }

    func loadAlerts() -> AlertSettings {
        let standard = AlertSettings.standard
        var centre = AlertSettings.Centre.myLocation
        if settings.string("alerts-centre") == "place", let latitude = settings.double("alerts-place-latitude"),
            let longitude = settings.double("alerts-place-longitude"),
            let place = Coordinate(latitude: latitude, longitude: longitude)
        {
            centre = .place(place)
        }
        return AlertSettings(
            isEnabled: settings.boolean("alerts-enabled") ?? standard.isEnabled,
            radiusKilometres: settings.integer("alerts-radius") ?? standard.radiusKilometres,
            centre: centre,
            statuses: settings.strings("alerts-statuses").map {
                Set($0.compactMap(AnnouncementStatus.init(storedName:)))
            } ?? standard.statuses,
            species: settings.strings("alerts-species").map { Set($0.compactMap(Species.init(storedName:))) }
                ?? standard.species,
            checkIntervalMinutes: settings.integer("alerts-check-interval") ?? standard.checkIntervalMinutes
        ).clamped()
    }

    func saveAlerts(_ values: AlertSettings) {
        let values = values.clamped()
        settings.setBoolean(values.isEnabled, for: "alerts-enabled")
        settings.setInteger(values.radiusKilometres, for: "alerts-radius")
        switch values.centre {
        case .myLocation:
            settings.setString("my-location", for: "alerts-centre")
        case .place(let place):
            settings.setDouble(place.latitude, for: "alerts-place-latitude")
            settings.setDouble(place.longitude, for: "alerts-place-longitude")
            settings.setString("place", for: "alerts-centre")
        }
        settings.setStrings(
            AlertSettings.choosableStatuses.filter(values.statuses.contains).map(\.storedName), for: "alerts-statuses")
        settings.setStrings(Species.allCases.filter(values.species.contains).map(\.storedName), for: "alerts-species")
        settings.setInteger(values.checkIntervalMinutes, for: "alerts-check-interval")
        // dconf writes asynchronously; a background instance may read it at once.
        Settings.sync()
    }
}

/// Chooses where alert settings live: GSettings when PetSpot's schema is
/// installed and keeps values, the JSON file otherwise.
@MainActor
enum AlertSettingsStores {
    static func open() -> any AlertSettingsStore {
        guard let settings = Settings(schemaID: GSettingsStore.schemaID), settings.isPersistent else {
            return AlertSettingsFile()
        }
        return GSettingsAlertStore(settings: settings)
    }
}
