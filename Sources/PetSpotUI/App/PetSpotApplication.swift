// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import Logging
import PetSpotDomain
import PetSpotPresentation

/// The application: actions, accelerators and the main window.
@MainActor
public final class PetSpotApplication {
    public static let applicationID = "io.github.petspot.PetSpot"

    private let application = Application(id: applicationID)
    private let environment: AppEnvironment
    /// Created with the application so its first fetch runs while GTK starts.
    private let store: AnnouncementStore
    /// The open window. The widget tree owns it; this reference is dropped when
    /// the window is destroyed, so nothing can touch freed widgets.
    private var window: MainWindow?
    /// Report a Pet and My Reports: they can outlive the main window.
    private var reportWindows: ReportWindows?
    /// Reports waiting to be sent: one per process, whatever windows come and go.
    private let outbox: Outbox?
    /// New reports nearby as notifications, also while no window is open.
    private var alerts: AlertsService!
    private var alertsStarted = false
    private let logger = Logger(label: "io.github.petspot.app")

    public init(environment: AppEnvironment) {
        self.environment = environment
        store = AnnouncementStore(
            repository: environment.repository, location: UserLocation(environment.userLocation),
            offlineCache: environment.offlineCache)
        alerts = AlertsService(application: application, environment: environment, location: store.location)
        outbox = environment.reporting.flatMap { [store, application] in
            ReportWindows.makeOutbox(
                services: $0, repository: environment.repository, store: store, applicationHold: application)
        }
        application.onActivate { [unowned self] in self.activate() }
        application.addAction("refresh", accelerators: AppShortcuts.refresh) { [unowned self] in
            self.window?.refreshVisiblePage()
        }
        application.addAction("quit", accelerators: AppShortcuts.quit) { [unowned self] in
            // A report on its way holds the quit until its answer and password are in.
            guard reportWindows?.prepareToQuit(then: { [unowned self] in quit() }) ?? true else { return }
            quit()
        }
        application.addAction("about") { [unowned self] in self.window?.showAbout() }
        application.addAction("preferences", accelerators: AppShortcuts.preferences) { [unowned self] in
            self.presentedWindow().showPreferences(alerts: alerts, myLocation: store.location.coordinate)
        }
        // From outside the window (GNOME Shell's search, notification buttons):
        // each brings the window up, creating it when the app runs without one.
        application.addAction(
            "show-report",
            string: { [unowned self] id in
                guard !id.isEmpty else { return }
                self.presentedWindow().showReport(id: id)
            })
        application.addAction(
            "search-reports",
            string: { [unowned self] terms in
                self.presentedWindow().searchReports(terms)
            })
        if environment.reporting != nil {
            application.addAction("new-report", accelerators: AppShortcuts.newReport) { [unowned self] in
                self.window?.showReportForm()
            }
            application.addAction("my-reports") { [unowned self] in self.window?.showMyReports() }
        }
    }

    private func quit() {
        // Closing (not just quitting) lets the window save its size first.
        window?.close()
        application.quit()
    }

    /// Started by D-Bus for GNOME Shell's search, the app ends this long after
    /// the Shell's last call, unless a window opened meanwhile.
    public nonisolated static let serviceInactivityTimeout: Duration = .seconds(30)

    /// Runs until the last window closes; returns the process exit status.
    /// - Parameter asService: started by D-Bus activation (`--gapplication-service`):
    ///   no window until one is asked for, see `serviceInactivityTimeout`.
    public func run(asService: Bool = false) -> Int32 {
        store.prefetch()
        if asService { application.startAsService(inactivityTimeout: Self.serviceInactivityTimeout) }
        // Before the first list: what the offline cache kept, read off the main thread.
        var cachedList: (@Sendable () -> [Announcement]?)?
        var cachedPhoto: (@Sendable (URL) -> Data?)?
        if let cache = environment.offlineCache {
            cachedList = { cache.cachedList()?.announcements }
            cachedPhoto = { cache.cachedPhoto(from: $0) }
        }
        // Exported before the application registers its name, so a call that
        // started the app finds the provider there.
        let shellSearch = ShellSearchProvider(
            search: ReportSearch(store: store, cachedList: cachedList, cachedPhoto: cachedPhoto), hold: application,
            showReport: { [application] in application.activateAction("show-report", string: $0) },
            searchReports: { [application] in application.activateAction("search-reports", string: $0) })
        shellSearch.export()
        defer { shellSearch.unexport() }
        defer { alerts.finish() }
        return application.run(programName: "petspot")
    }

    private func activate() {
        let firstActivation = !alertsStarted
        if firstActivation {
            alertsStarted = true
            alerts.start()
        }
        // Started at login for alerts: no window (and, with alerts off, the
        // process ends here); a later activation is the user opening PetSpot.
        guard !(firstActivation && environment.startsInBackground) else {
            if alerts.isRunning, let options = environment.desktopLocation {
                store.location.start(DesktopLocationLookup(options: options, desktopID: Self.applicationID))
            }
            return
        }
        presentedWindow()
    }

    /// The main window, presented; built first when there is none (a service
    /// start from D-Bus, or the window was closed while the app ran on).
    @discardableResult
    private func presentedWindow() -> MainWindow {
        if let window {
            window.present()
            return window
        }
        AppStyle.install()
        let settingsStore = SettingsStores.open()
        let settings = settingsStore.load()
        let composition = AppComposition(
            environment: environment, store: store, settings: settings, applicationHold: application, outbox: outbox)
        reportWindows = composition.reportWindows
        let window = MainWindow(
            application: application, composition: composition, settingsStore: settingsStore, settings: settings)
        window.onDestroy = { [unowned self] in
            self.window = nil
            store.location.stop()
        }
        self.window = window
        window.present()
        logger.debug("Main window presented")
        // After the window: cards never wait for the location; distances join them when it comes.
        if let options = environment.desktopLocation {
            store.location.start(DesktopLocationLookup(options: options, desktopID: Self.applicationID))
        }
        return window
    }
}

/// GApplication's hold keeps the process running while a report is on its way.
extension Application: @retroactive ApplicationHold {}
