// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit
import Logging
import PetSpotDomain
import PetSpotPresentation

/// `AppSettings` in GSettings (schema `io.github.petspot.PetSpot`), where
/// GNOME keeps application settings. Values the schema refuses (out of range,
/// unknown choice) keep their previous value; unknown stored words read as the
/// standard setting.
@MainActor
final class GSettingsStore: SettingsStore {
    static let schemaID = PetSpotApplication.applicationID

    private let settings: Settings

    init(settings: Settings) { self.settings = settings }

    func load() -> AppSettings {
        let standard = AppSettings.standard
        let window = WindowGeometry(
            width: settings.integer("window-width") ?? standard.window.width,
            height: settings.integer("window-height") ?? standard.window.height,
            isMaximized: settings.boolean("window-maximized") ?? standard.window.isMaximized)
        return AppSettings(
            window: window.clamped(),
            lastTab: settings.string("last-tab").map(AppTabID.init(rawValue:)) ?? standard.lastTab,
            reportsFilter: settings.string("reports-status-filter")
                .flatMap(AnnouncementListQuery.StatusFilter.init(storedName:)) ?? standard.reportsFilter,
            reportsSort: settings.string("reports-sort")
                .flatMap(AnnouncementListQuery.Sort.init(storedName:)) ?? standard.reportsSort)
    }

    func save(_ values: AppSettings) {
        write(values)
    }

    /// Writes every value; false when any was refused (a key locked down by
    /// the administrator, a value outside the schema).
    @discardableResult
    func write(_ values: AppSettings) -> Bool {
        let window = values.window.clamped()
        let written = [
            settings.setInteger(window.width, for: "window-width"),
            settings.setInteger(window.height, for: "window-height"),
            settings.setBoolean(window.isMaximized, for: "window-maximized"),
            settings.setString(values.lastTab.rawValue, for: "last-tab"),
            settings.setString(values.reportsFilter.storedName, for: "reports-status-filter"),
            settings.setString(values.reportsSort.storedName, for: "reports-sort"),
        ]
        // dconf writes asynchronously; the process may end right after this.
        Settings.sync()
        return !written.contains(false)
    }
}

/// Chooses where settings live, once per run.
@MainActor
enum SettingsStores {
    private static let logger = Logger(label: "io.github.petspot.settings")

    /// GSettings when PetSpot's schema is installed (or compiled for `make
    /// run`) and its backend keeps values; the JSON file otherwise. A JSON
    /// file left from before GSettings is moved into GSettings once.
    static func open(
        file: SettingsFileStore = SettingsFileStore(), schemaDirectory: String? = nil,
        backend: SettingsBackend = .standard
    ) -> any SettingsStore {
        guard
            let settings = Settings(
                schemaID: GSettingsStore.schemaID, schemaDirectory: schemaDirectory, backend: backend)
        else {
            logger.info(
                "GSettings schema \(GSettingsStore.schemaID) is not installed; keeping settings in \(file.fileURL.path)"
            )
            return file
        }
        guard settings.isPersistent else {
            logger.info("GSettings would keep settings in memory only; keeping them in \(file.fileURL.path)")
            return file
        }
        let store = GSettingsStore(settings: settings)
        // The file goes only once its values are safely elsewhere: not into a
        // backend that forgets them at exit, and not when a write was refused.
        if file.exists, !settings.keepsValuesInMemory {
            if store.write(file.load()) {
                file.remove()
                logger.info("Moved settings from \(file.fileURL.path) to GSettings")
            } else {
                logger.info("GSettings refused some of \(file.fileURL.path); keeping the file")
            }
        }
        return store
    }
}
