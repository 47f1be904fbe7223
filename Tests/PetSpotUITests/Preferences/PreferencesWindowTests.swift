// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import PetSpotDomain
import PetSpotTestSupport
import XCTest

@testable import PetSpotPresentation
@testable import PetSpotUI

/// Preferences: each change is saved at once; the alerts switch starts the
/// checks and writes the autostart entry, and turning it off undoes both.
final class PreferencesWindowTests: XCTestCase {
    private let home = FileManager.default.temporaryDirectory.appendingPathComponent(
        "petspot-preferences-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: home)
    }

    func testTheSwitchTurnsAlertsOnAndOffAndTheRowsAreSaved() {
        let home = home
        MainActor.assumeIsolated {
            let file = AlertSettingsFile(fileURL: home.appendingPathComponent("alerts.json"))
            let directories = XDGDirectories(environment: ["HOME": home.path])
            let repository = FakeAnnouncementRepository()
            let alerts = AlertsService(
                application: Application(id: "io.github.petspot.PreferencesTest"),
                environment: AppEnvironment(
                    repository: repository, photoFetcher: MissingPhotoFetcher(), userLocation: nil,
                    isDemoData: false),
                location: UserLocation(), store: file,
                memory: AlertMemoryFile(fileURL: home.appendingPathComponent("announced.json")),
                directories: directories)
            let view = PreferencesWindowView(transientFor: nil, alerts: alerts, myLocation: nil)
            view.present()
            defer { view.window.close() }
            let entry = AutostartEntry(commandLine: [], directories: directories)
            XCTAssertFalse(view.enabledSwitch.isOn, "off by default")
            XCTAssertFalse(view.centreRow.isSensitive, "the details wait for the switch")

            view.enabledSwitch.isOn = true
            XCTAssertTrue(file.loadAlerts().isEnabled)
            XCTAssertTrue(alerts.isRunning)
            XCTAssertTrue(view.centreRow.isSensitive)
            XCTAssertTrue(waitUntil(timeout: 10) { entry.exists }, "the autostart entry is written")
            XCTAssertTrue(waitUntil(timeout: 10) { repository.listCallCount > 0 }, "a first check, for the baseline")

            view.radius.value = 12
            view.interval.value = 30
            view.speciesChecks.first { $0.0 == .cat }?.1.isActive = false
            view.statusChecks.first { $0.0 == .found }?.1.isActive = false
            let saved = file.loadAlerts()
            XCTAssertEqual(saved.radiusKilometres, 12)
            XCTAssertEqual(saved.checkIntervalMinutes, 30)
            XCTAssertEqual(saved.species, [.dog, .bird, .rabbit, .other])
            XCTAssertEqual(saved.statuses, [.lost])

            view.enabledSwitch.isOn = false
            XCTAssertFalse(file.loadAlerts().isEnabled)
            XCTAssertFalse(alerts.isRunning)
            XCTAssertTrue(waitUntil(timeout: 10) { !entry.exists }, "the autostart entry is removed")
        }
    }
}
