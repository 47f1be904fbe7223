// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain

/// `AppSettings` as a small JSON file, `$XDG_CONFIG_HOME/petspot/window-state.json`:
/// the fallback when GSettings has no schema for PetSpot (run from a build
/// folder outside `make run`) or cannot keep values. The file began with the
/// window size only; older files still load. A missing or damaged file means
/// the standard settings, never an error for the user.
@MainActor
public final class SettingsFileStore: SettingsStore {
    public let fileURL: URL
    private let logger = Logger(label: "io.github.petspot.settings")

    public init(fileURL: URL) { self.fileURL = fileURL }

    public convenience init(directories: XDGDirectories = XDGDirectories()) {
        self.init(fileURL: directories.appConfig.appendingPathComponent("window-state.json"))
    }

    /// What the file holds; the keys after the window's are newer and optional.
    private struct Contents: Codable {
        var width: Int
        var height: Int
        var isMaximized: Bool
        var lastTab: String?
        var reportsFilter: String?
        var reportsSort: String?
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: fileURL.path) }

    public func load() -> AppSettings {
        guard let data = try? Data(contentsOf: fileURL) else { return .standard }
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: data)
        } catch {
            logger.warning(
                "Ignoring unreadable window state", metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
            return .standard
        }
        let standard = AppSettings.standard
        return AppSettings(
            window: WindowGeometry(width: contents.width, height: contents.height, isMaximized: contents.isMaximized)
                .clamped(),
            lastTab: contents.lastTab.map(AppTabID.init(rawValue:)) ?? standard.lastTab,
            reportsFilter: contents.reportsFilter.flatMap(AnnouncementListQuery.StatusFilter.init(storedName:))
                ?? standard.reportsFilter,
            reportsSort: contents.reportsSort.flatMap(AnnouncementListQuery.Sort.init(storedName:))
                ?? standard.reportsSort)
    }

    public func save(_ settings: AppSettings) {
        let contents = Contents(
            width: settings.window.width, height: settings.window.height, isMaximized: settings.window.isMaximized,
            lastTab: settings.lastTab.rawValue, reportsFilter: settings.reportsFilter.storedName,
            reportsSort: settings.reportsSort.storedName)
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(contents).write(to: fileURL, options: .atomic)
        } catch {
            logger.warning("Could not save window state", metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
        }
    }

    /// Forgets the file (once its settings moved to GSettings).
    public func remove() {
        try? FileManager.default.removeItem(at: fileURL)
    }
}
