// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain

/// Shows the alerts' notifications: GNotification in the app, a recorder in tests.
@MainActor
public protocol AlertNotifying: AnyObject {
    func show(_ notification: AlertNotification)
}

/// Runs the checks while alerts are on: one at once, then one every
/// interval, each fetching the whole list and handing it to the
/// `AlertWatcher`. Whoever keeps the process alive (the application's hold)
/// follows `isRunning`.
@MainActor
public final class AlertScheduler {
    public private(set) var settings: AlertSettings
    /// Whether checks are scheduled.
    public var isRunning: Bool { loop != nil }
    /// Called whenever `isRunning` changes.
    public var onRunningChanged: (@MainActor (Bool) -> Void)?

    private let watcher: AlertWatcher
    private let repository: any AnnouncementRepository
    private let notifier: any AlertNotifying
    private let ownReports: @Sendable () async -> Set<String>
    private let ownSightings: @Sendable (Set<String>) async -> [String: [Sighting]]
    private let userLocation: @MainActor () -> Coordinate?
    private let clock: any Clock<Duration>
    private let intervalOverride: Duration?
    private var loop: Task<Void, Never>?
    /// Whether the loop is in a check (fetching or deciding), not sleeping.
    private var isChecking = false
    private var checksDone = 0
    private let logger = Logger(label: "io.github.petspot.alerts")

    /// - Parameter intervalOverride: replaces the settings' interval (the
    ///   `PETSPOT_ALERT_INTERVAL_SECONDS` environment variable, for tests).
    public init(
        settings: AlertSettings, watcher: AlertWatcher, repository: any AnnouncementRepository,
        notifier: any AlertNotifying, ownReports: @escaping @Sendable () async -> Set<String> = { [] },
        ownSightings: @escaping @Sendable (Set<String>) async -> [String: [Sighting]] = { _ in [:] },
        userLocation: @escaping @MainActor () -> Coordinate?, clock: any Clock<Duration> = ContinuousClock(),
        intervalOverride: Duration? = nil
    ) {
        self.settings = settings
        self.watcher = watcher
        self.repository = repository
        self.notifier = notifier
        self.ownReports = ownReports
        self.ownSightings = ownSightings
        self.userLocation = userLocation
        self.clock = clock
        self.intervalOverride = intervalOverride
    }

    /// The time between two checks.
    public var interval: Duration {
        intervalOverride ?? .seconds(60 * settings.checkIntervalMinutes)
    }

    /// Starts (or restarts, with a new interval) or stops the checks.
    public func start() { apply(settings) }

    /// Takes the user's new settings: turning alerts on takes a baseline at
    /// once; turning them off stops the checks; a new interval only moves the
    /// next check to one new interval from now.
    public func apply(_ newSettings: AlertSettings) {
        let startOrStop = newSettings.isEnabled != settings.isEnabled || !isRunning
        let newInterval = newSettings.checkIntervalMinutes != settings.checkIntervalMinutes
        settings = newSettings
        watcher.settingsChanged(newSettings)
        guard startOrStop || newInterval else { return }
        let wasRunning = isRunning
        // A check cut short by the restart is made again at once, so it is not lost.
        let checkFirst = startOrStop || isChecking
        loop?.cancel()
        loop = nil
        if newSettings.isEnabled {
            // Only the interval changed: every click on the spin button lands
            // here, and each would otherwise fetch the whole list.
            loop = Task { [weak self] in await self?.run(checkFirst: checkFirst) }
        }
        if wasRunning != isRunning { onRunningChanged?(isRunning) }
    }

    public func stop() {
        guard let loop else { return }
        loop.cancel()
        self.loop = nil
        onRunningChanged?(false)
    }

    private func run(checkFirst: Bool) async {
        if !checkFirst {
            do { try await clock.sleep(for: interval) } catch { return }
        }
        while !Task.isCancelled {
            isChecking = true
            await checkNow()
            // A cancelled loop leaves the flag to the loop that replaced it.
            guard !Task.isCancelled else { return }
            isChecking = false
            do { try await clock.sleep(for: interval) } catch { return }
        }
    }

    /// One check: fetch, decide, notify.
    public func checkNow() async {
        let outcome: Result<[Announcement], RepositoryError>
        do {
            outcome = .success(try await repository.announcements(in: nil))
        } catch {
            outcome = .failure(error)
            logger.info("Alert check: backend unavailable, nothing announced", metadata: ["error": "\(error)"])
        }
        let own = await ownReports()
        // Sightings only with the list: offline, nothing is announced anyway.
        let sightings = (try? outcome.get()) != nil && !own.isEmpty ? await ownSightings(own) : [:]
        guard !Task.isCancelled else { return }
        let notifications = watcher.check(
            outcome, settings: settings, userLocation: userLocation(), ownReportIDs: own, ownSightings: sightings)
        checksDone += 1
        logger.debug("Alert check \(checksDone): \(notifications.count) notification(s)")
        for notification in notifications { notifier.show(notification) }
    }
}
