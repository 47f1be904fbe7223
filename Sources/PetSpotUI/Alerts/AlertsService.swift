// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import Logging
import PetSpotDomain
import PetSpotPresentation

/// Alerts in the running app: the settings, the scheduler's checks, the
/// application hold that keeps the process alive while they are on (with
/// or without a window), the permission to run in the background (the
/// portal, else an autostart entry) and the notifications themselves.
@MainActor
final class AlertsService {
    private(set) var settings: AlertSettings
    private let store: any AlertSettingsStore
    private let application: Application
    private let scheduler: AlertScheduler
    private let autostart: AutostartEntry
    private var isHeld = false
    private let memory: any AlertMemoryStoring
    private let logger = Logger(label: "io.github.petspot.alerts")

    /// - Parameter commandLine: how the autostart entry starts this app
    ///   without a window (see `AppEnvironment.backgroundCommandLine`).
    init(
        application: Application, environment: AppEnvironment, location: UserLocation,
        store: any AlertSettingsStore = AlertSettingsStores.open(),
        memory: any AlertMemoryStoring = AlertMemoryFile(), directories: XDGDirectories = XDGDirectories()
    ) {
        self.application = application
        self.store = store
        self.memory = memory
        settings = store.loadAlerts()
        autostart = AutostartEntry(commandLine: environment.backgroundCommandLine, directories: directories)
        var photos: (@Sendable (URL) -> Data?)?
        if let cache = environment.offlineCache {
            photos = { url in cache.cachedPhoto(from: url) }
        }
        let notifier = GNotificationNotifier(application: application, photos: photos)
        let ownReports: @Sendable () async -> Set<String>
        if let reporting = environment.reporting {
            // The ids only: a locked keyring is not unlocked (no prompt every
            // check, often with no window open) and no password is loaded.
            ownReports = {
                (try? await reporting.passwords.keptReportIDs(backend: reporting.backend)) ?? []
            }
        } else {
            ownReports = { [] }
        }
        scheduler = AlertScheduler(
            settings: settings, watcher: AlertWatcher(storage: memory), repository: environment.repository,
            notifier: notifier, ownReports: ownReports, ownSightings: Self.sightingsFetcher(environment.sightings),
            userLocation: { [location] in location.coordinate },
            intervalOverride: Self.intervalOverride())
        scheduler.onRunningChanged = { [unowned self] running in holdWhileRunning(running) }
    }

    /// The sightings of the user's reports, by report id; a report whose
    /// sightings cannot be fetched (or a backend without them) is left out.
    private static func sightingsFetcher(
        _ repository: (any SightingsRepository)?
    ) -> @Sendable (Set<String>) async -> [String: [Sighting]] {
        guard let repository else { return { _ in [:] } }
        return { ids in
            await withTaskGroup(of: (String, [Sighting])?.self) { group in
                for id in ids {
                    group.addTask {
                        guard case .sightings(let sightings)? = try? await repository.sightings(forReport: id) else {
                            return nil
                        }
                        return (id, sightings)
                    }
                }
                var found: [String: [Sighting]] = [:]
                for await case (let id, let sightings)? in group { found[id] = sightings }
                return found
            }
        }
    }

    /// `PETSPOT_ALERT_INTERVAL_SECONDS`: checks this many seconds apart,
    /// whatever the settings say (tests; 1 to 86 400).
    private static func intervalOverride() -> Duration? {
        guard let text = ProcessInfo.processInfo.environment["PETSPOT_ALERT_INTERVAL_SECONDS"],
            let seconds = Double(text), seconds >= 1, seconds <= 86_400
        else { return nil }
        return .milliseconds(Int(seconds * 1000))
    }

    var isRunning: Bool { scheduler.isRunning }

    /// As the application ends: waits for the last check's memory to reach the
    /// disk (it is written off the main thread), so a restart repeats nothing.
    func finish() {
        memory.flush()
    }

    /// Starts checking when alerts are on; the autostart entry follows the
    /// setting (one left behind by a crash is removed).
    func start() {
        scheduler.apply(settings)
        if !settings.isEnabled { autostart.remove() }
    }

    /// The user changed a setting in Preferences.
    func update(_ newSettings: AlertSettings) {
        let wasEnabled = settings.isEnabled
        settings = newSettings.clamped()
        store.saveAlerts(settings)
        scheduler.apply(settings)
        guard wasEnabled != settings.isEnabled else { return }
        let enabled = settings.isEnabled
        let commandLine = autostart.commandLine
        let autostart = autostart
        let logger = logger
        Task { @MainActor in
            let portalTookIt = await BackgroundPortal.request(
                autostart: enabled, commandLine: commandLine,
                reason: tr("PetSpot checks for new reports near you while its window is closed."), logger: logger)
            // The setting may have flipped back while the portal asked the user.
            guard self.settings.isEnabled == enabled else { return }
            if enabled, !portalTookIt { autostart.write() }
            if !enabled { autostart.remove() }
        }
    }

    private func holdWhileRunning(_ running: Bool) {
        guard running != isHeld else { return }
        isHeld = running
        if running {
            application.hold()
            logger.info("Alerts on: PetSpot keeps running to check every \(scheduler.interval)")
        } else {
            application.release()
            logger.info("Alerts off")
        }
    }
}

/// Alerts as GNotifications: clicking one, or its Open button, shows the
/// report's details through `app.show-report`.
@MainActor
final class GNotificationNotifier: AlertNotifying {
    static let showReportAction = "show-report"
    private let application: Application
    /// A photo's bytes when already fetched (the offline cache keeps those shown).
    private let photos: (@Sendable (URL) -> Data?)?
    private let icons = NotificationIconFiles()
    private let logger = Logger(label: "io.github.petspot.alerts")

    init(application: Application, photos: (@Sendable (URL) -> Data?)? = nil) {
        self.application = application
        self.photos = photos
    }

    /// Sends at once without a photo; with one, after its file is written
    /// off the main thread (never a fetch: a notification does not wait on
    /// the network).
    func show(_ notification: AlertNotification) {
        guard let url = notification.photoURL, let photos else {
            send(notification, iconPath: nil)
            return
        }
        let icons = icons
        Task { [weak self] in
            let path = await Task.detached { photos(url).flatMap { icons.write($0, for: notification.id) } }.value
            self?.send(notification, iconPath: path)
        }
    }

    private func send(_ notification: AlertNotification, iconPath: String?) {
        var desktop = DesktopNotification(title: notification.title, body: notification.body, iconPath: iconPath)
        if let reportID = notification.reportID {
            desktop.defaultAction = (action: Self.showReportAction, target: reportID)
            desktop.buttons = [
                DesktopNotification.Button(label: tr("Open"), action: Self.showReportAction, target: reportID)
            ]
        }
        application.send(desktop, id: notification.id)
        logger.info("Alerts: notified", metadata: ["id": "\(notification.id)"])
    }
}
