// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit
import PetSpotDomain
import PetSpotPresentation
import Testing

@testable import PetSpotUI

/// Alert settings in GSettings over the project's own schema, compiled for
/// each test into a temporary folder, with a memory backend.
@MainActor
@Suite final class GSettingsAlertStoreTests {
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-alerts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../resources/gsettings").standardized
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
        compile.arguments = ["--strict", "--targetdir=\(folder.path)", source.path]
        try compile.run()
        compile.waitUntilExit()
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func store() throws -> GSettingsAlertStore {
        GSettingsAlertStore(
            settings: try #require(
                Settings(schemaID: GSettingsStore.schemaID, schemaDirectory: folder.path, backend: .memory)))
    }

    @Test("the schema's defaults are the standard alert settings: off, 5 km, every 5 minutes")
    func defaults() throws {
        #expect(try store().loadAlerts() == .standard)
    }

    @Test("saved settings come back, a chosen place, statuses and species included")
    func roundTrip() throws {
        let store = try store()
        let chosen = AlertSettings(
            isEnabled: true, radiusKilometres: 25, centre: .place(Coordinate(latitude: 50.0614, longitude: 19.9366)!),
            statuses: [.lost], species: [.cat, .other], checkIntervalMinutes: 30)
        store.saveAlerts(chosen)
        #expect(store.loadAlerts() == chosen)
        var back = chosen
        back.centre = .myLocation
        store.saveAlerts(back)
        #expect(store.loadAlerts() == back)
    }
}
