// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain

/// `AlertSettings` as `$XDG_CONFIG_HOME/petspot/alerts.json`, for a run
/// without PetSpot's GSettings schema. A missing or damaged file means the
/// standard settings: alerts off.
@MainActor
public final class AlertSettingsFile: AlertSettingsStore {
    public let fileURL: URL
    private let logger = Logger(label: "io.github.petspot.alerts")

    public init(fileURL: URL) { self.fileURL = fileURL }

    public convenience init(directories: XDGDirectories = XDGDirectories()) {
        self.init(fileURL: directories.appConfig.appendingPathComponent("alerts.json"))
    }

    private struct Contents: Codable {
        var enabled: Bool
        var radiusKilometres: Int
        /// Nil: around my location.
        var latitude: Double?
        var longitude: Double?
        var statuses: [String]
        var species: [String]
        var checkIntervalMinutes: Int
    }

    public func loadAlerts() -> AlertSettings {
        guard let data = try? Data(contentsOf: fileURL) else { return .standard }
        guard let contents = try? JSONDecoder().decode(Contents.self, from: data) else {
            logger.warning("Ignoring unreadable alert settings", metadata: ["file": "\(fileURL.path)"])
            return .standard
        }
        let place = contents.latitude.flatMap { latitude in
            contents.longitude.flatMap { Coordinate(latitude: latitude, longitude: $0) }
        }
        return AlertSettings(
            isEnabled: contents.enabled, radiusKilometres: contents.radiusKilometres,
            centre: place.map(AlertSettings.Centre.place) ?? .myLocation,
            statuses: Set(contents.statuses.compactMap(AnnouncementStatus.init(storedName:))),
            species: Set(contents.species.compactMap(Species.init(storedName:))),
            checkIntervalMinutes: contents.checkIntervalMinutes
        ).clamped()
    }

    public func saveAlerts(_ settings: AlertSettings) {
        var place: Coordinate?
        if case .place(let coordinate) = settings.centre { place = coordinate }
        let contents = Contents(
            enabled: settings.isEnabled, radiusKilometres: settings.radiusKilometres, latitude: place?.latitude,
            longitude: place?.longitude, statuses: settings.statuses.map(\.storedName).sorted(),
            species: settings.species.map(\.storedName).sorted(), checkIntervalMinutes: settings.checkIntervalMinutes)
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(contents).write(to: fileURL, options: .atomic)
        } catch {
            logger.warning("Could not save alert settings", metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
        }
    }
}
