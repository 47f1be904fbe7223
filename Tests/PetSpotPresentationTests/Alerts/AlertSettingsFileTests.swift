// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotPresentation

/// The alert settings' file, for runs without PetSpot's GSettings schema.
@MainActor
@Suite struct AlertSettingsFileTests {
    let file = AlertSettingsFile(
        fileURL: FileManager.default.temporaryDirectory.appendingPathComponent("alerts-\(UUID().uuidString).json"))

    @Test("alerts are off by default, every 5 minutes, all species, lost and found")
    func standard() {
        let settings = file.loadAlerts()
        #expect(settings == .standard)
        #expect(!settings.isEnabled)
        #expect(settings.checkIntervalMinutes == 5)
        #expect(settings.species == Set(Species.allCases))
        #expect(settings.statuses == [.lost, .found])
    }

    @Test("what is saved is read back, a chosen place included")
    func roundTrip() {
        let settings = AlertSettings(
            isEnabled: true, radiusKilometres: 12, centre: .place(Coordinate(latitude: 50.06, longitude: 19.94)!),
            statuses: [.found], species: [.cat, .rabbit], checkIntervalMinutes: 15)
        file.saveAlerts(settings)
        #expect(file.loadAlerts() == settings)
    }

    @Test("a damaged file means the standard settings; values out of range are clamped")
    func damagedAndClamped() throws {
        try Data("[]".utf8).write(to: file.fileURL)
        #expect(file.loadAlerts() == .standard)
        var settings = AlertSettings.standard
        settings.radiusKilometres = 500
        settings.checkIntervalMinutes = 0
        settings.statuses = [.closed, .lost]
        file.saveAlerts(settings)
        let loaded = file.loadAlerts()
        #expect(loaded.radiusKilometres == 50)
        #expect(loaded.checkIntervalMinutes == 1)
        #expect(loaded.statuses == [.lost])
    }
}
