// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@MainActor
final class RecordingNotifier: AlertNotifying {
    var shown: [AlertNotification] = []
    func show(_ notification: AlertNotification) { shown.append(notification) }
}

/// The checks' rhythm: one when alerts are turned on (the baseline), then one
/// per interval; none once they are off.
@MainActor
@Suite struct AlertSchedulerTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alerts-\(UUID().uuidString)")

    @Test("turning alerts on checks at once and then every interval; off stops the checks")
    func rhythm() async {
        let repository = FakeAnnouncementRepository()
        let rex = AlertWatcherTests.report("rex", minutes: 1_000_000)
        repository.answerLists(.success([]), .success([rex]))
        let clock = ManualClock()
        let notifier = RecordingNotifier()
        var running: [Bool] = []
        let scheduler = AlertScheduler(
            settings: .standard,
            watcher: AlertWatcher(storage: AlertMemoryFile(fileURL: folder.appendingPathComponent("a.json"))),
            repository: repository, notifier: notifier, userLocation: { AlertWatcherTests.home }, clock: clock)
        scheduler.onRunningChanged = { running.append($0) }
        scheduler.apply(AlertWatcherTests.settings)
        #expect(scheduler.isRunning)
        await clock.waitForSleepers(1)
        #expect(notifier.shown.isEmpty)
        clock.advance(by: .seconds(300))
        #expect(await eventually { notifier.shown.count == 1 })
        #expect(notifier.shown.first?.reportID == "rex")
        scheduler.apply(.standard)
        #expect(!scheduler.isRunning)
        #expect(running == [true, false])
    }

    @Test("a new interval moves the next check to one interval from now, without checking at once")
    func newIntervalWaits() async {
        let repository = FakeAnnouncementRepository()
        let rex = AlertWatcherTests.report("rex", minutes: 1_000_000)
        repository.answerLists(.success([]), .success([rex]))
        let clock = ManualClock()
        let notifier = RecordingNotifier()
        let scheduler = AlertScheduler(
            settings: .standard,
            watcher: AlertWatcher(storage: AlertMemoryFile(fileURL: folder.appendingPathComponent("a.json"))),
            repository: repository, notifier: notifier, userLocation: { AlertWatcherTests.home }, clock: clock)
        var settings = AlertWatcherTests.settings
        scheduler.apply(settings)
        await clock.waitForSleepers(1)
        #expect(repository.listCallCount == 1)
        // Clicks on the spin button, one minute each.
        for minutes in 6...9 {
            settings.checkIntervalMinutes = minutes
            scheduler.apply(settings)
            await clock.waitForSleepers(1)
        }
        #expect(repository.listCallCount == 1)
        #expect(scheduler.isRunning)
        clock.advance(by: .seconds(9 * 60 - 1))
        #expect(repository.listCallCount == 1)
        clock.advance(by: .seconds(1))
        #expect(await eventually { notifier.shown.count == 1 })
        #expect(repository.listCallCount == 2)
    }
}
