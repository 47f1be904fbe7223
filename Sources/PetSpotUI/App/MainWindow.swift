// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// The one window: a header with the adaptive view switcher over the pages it
/// is given, and the same switcher as a bottom bar when the window is narrow.
/// It is the app coordinator's window host; what the pages are is decided by
/// `AppComposition`.
@MainActor
final class MainWindow: WindowHost {
    private let window: ApplicationWindow
    private let stack = ViewStack()
    private let toasts: ToastOverlay
    private let backButton = Button(iconName: "go-previous-symbolic", accessibleLabel: tr("Back"))
    private let settingsStore: any SettingsStore
    /// What this run started with: what it could not use is kept (see `saveSettings`).
    private let restored: AppSettings
    private let coordinator: AppCoordinator
    /// Report a Pet and My Reports; nil when this environment cannot send reports.
    private var reportWindows: ReportWindows?
    private let pages: [any AppPage]
    private let backAction: Action
    /// Whether Back was possible at the last render: focus moves when it changes.
    private var couldGoBack = false
    var onDestroy: (@MainActor () -> Void)?

    init(application: Application, composition: AppComposition, settingsStore: any SettingsStore, settings: AppSettings)
    {
        window = ApplicationWindow(application: application, title: "PetSpot")
        window.setIconName(PetSpotApplication.applicationID)
        coordinator = composition.coordinator
        pages = composition.pages
        self.settingsStore = settingsStore
        restored = settings

        for page in pages {
            stack.addPage(page.rootWidget, name: page.tab.rawValue, title: page.title, iconName: page.iconName)
        }

        let switcherTitle = ViewSwitcherTitle(stack: stack, title: "PetSpot")
        let header = HeaderBar(titleWidget: switcherTitle)
        header.packStart(backButton)
        if let reportWindows = composition.reportWindows {
            self.reportWindows = reportWindows
            let newReport = Button(iconName: "list-add-symbolic", accessibleLabel: tr("Report a Pet"))
            newReport.setTooltip(tr("Report a Pet"))
            newReport.onClicked { [coordinator] in coordinator.newReport() }
            header.packStart(newReport)
        }
        // GNOME's primary menu: the app's commands, then a last section with
        // Keyboard Shortcuts and About. Quit stays on Ctrl+Q, as in GNOME apps.
        header.packEnd(
            MenuButton(
                primaryMenu: [
                    [(label: tr("_Refresh"), action: "app.refresh")]
                        + (composition.reportWindows == nil
                            ? [] : [(label: tr("_My Reports"), action: "app.my-reports")]),
                    [
                        (label: tr("_Preferences"), action: "app.preferences"),
                        (label: tr("_Keyboard Shortcuts"), action: "win.show-help-overlay"),
                        (label: tr("_About PetSpot"), action: "app.about"),
                    ],
                ],
                accessibleLabel: tr("Main Menu")))
        if composition.isDemoData {
            let demo = Label(tr("Demo data"), cssClasses: ["demo-badge"])
            demo.setTooltip(
                tr(
                    "PetSpot is showing demo reports from its built-in server. Start it with --api-url to use a PetSpot backend."
                ))
            demo.setAlign(vertical: .center)
            header.packEnd(demo)
        }

        stack.setExpand(vertical: true)
        let content = Box(
            .vertical,
            children: [
                header, stack, ViewSwitcherBar(stack: stack, followingTitle: switcherTitle),
            ])
        toasts = ToastOverlay(child: content)
        window.setContent(toasts)

        // Keyboard shortcuts are actions, like every other command: accelerators
        // match whatever the Caps Lock state, and a disabled Back lets Escape
        // reach the focused widget (a search entry clears itself).
        backAction = window.addAction("back", accelerators: AppShortcuts.back) { [coordinator] in
            coordinator.back()
        }
        window.addAction("search", accelerators: AppShortcuts.search) { [coordinator] in coordinator.search() }
        // The name GTK gives this action in GtkApplicationWindow, so Ctrl+? and
        // the menu item mean what they mean in every GNOME app; GTK's own
        // version would build the window at start-up, this one when asked.
        window.addAction("show-help-overlay", accelerators: AppShortcuts.showShortcuts) { [unowned self] in
            showShortcuts()
        }
        restoreGeometry()
        // The tab shown last time, before the first `visiblePageChanged` below
        // loads it (the Reports list then opens with its restored filter).
        if pages.contains(where: { $0.tab == settings.lastTab }) {
            stack.visiblePageName = settings.lastTab.rawValue
        }

        coordinator.windowHost = self
        backButton.onClicked { [coordinator] in coordinator.back() }
        stack.onVisiblePageChanged { [unowned self] in visiblePageChanged() }
        window.onCloseRequest { [unowned self] in
            saveSettings()
            // The form closes with this window: a report on its way keeps both
            // open until its answer and password are in, then this one closes.
            guard reportWindows?.prepareToQuit(then: { [weak self] in self?.close() }) ?? true else { return .keepOpen }
            return .close
        }
        window.onDestroy { [unowned self] in onDestroy?() }
        window.keepAlive(self)
        window.bind { [unowned self] in renderBack() }
        visiblePageChanged()
    }

    func present() {
        if Milestones.isEnabled { markFirstFrame() }
        window.present()
    }

    private func markFirstFrame() {
        window.onMappedChanged { [window] mapped in
            guard mapped else { return }
            Milestones.mark("window-mapped")
            window.afterNextFramePainted { Milestones.mark("first-frame") }
        }
    }

    func close() { window.close() }

    func refreshVisiblePage() { visiblePage?.refresh() }

    func showAbout() {
        AboutWindow(
            transientFor: window, applicationName: "PetSpot",
            applicationIcon: PetSpotApplication.applicationID, version: PetSpotVersion.current,
            developerName: tr("The PetSpot developers"),
            comments: tr("Find lost pets near you: browse reports, call their owners and see where they went missing."),
            website: "https://github.com/petspot/petspot-gnome"
        ).present()
    }

    /// `app.show-report`: that report's details in the Reports tab.
    func showReport(id: String) { coordinator.openDetails(id: id) }

    /// `app.search-reports`: the Reports list searching for `terms`.
    func searchReports(_ terms: String) { coordinator.searchReports(terms) }

    func showPreferences(alerts: AlertsService, myLocation: Coordinate?) {
        PreferencesWindowView(transientFor: window, alerts: alerts, myLocation: myLocation).present()
    }

    func showMyReports() { reportWindows?.showMyReports(transientFor: window) }

    func showShortcuts() {
        ShortcutsWindow(transientFor: window, title: AppShortcuts.windowTitle, groups: AppShortcuts.groups).present()
    }

    // MARK: WindowHost

    func selectTab(_ tab: AppTabID) {
        stack.visiblePageName = tab.rawValue
    }

    func showToast(_ message: String) {
        toasts.show(message)
    }

    func showReportForm() { reportWindows?.showForm(transientFor: window) }

    // MARK: Private

    private var visiblePage: (any AppPage)? {
        let name = stack.visiblePageName
        return pages.first { $0.tab.rawValue == name }
    }

    private func visiblePageChanged() {
        guard let page = visiblePage else { return }
        coordinator.tabShown(page.tab)
        page.appeared()
    }

    /// Back's button and shortcuts follow the coordinator. Keyboard focus must
    /// not stay on a page that just slid away: details start at Back (the page
    /// under it takes the focus back itself).
    private func renderBack() {
        let canGoBack = coordinator.canGoBack
        backButton.isVisible = canGoBack
        backAction.isEnabled = canGoBack
        if canGoBack && !couldGoBack { backButton.grabFocus() }
        couldGoBack = canGoBack
    }

    private func restoreGeometry() {
        let geometry = restored.window
        window.setDefaultSize(width: Int32(geometry.width), height: Int32(geometry.height))
        if geometry.isMaximized { window.isMaximized = true }
    }

    private func saveSettings() {
        let size = window.defaultSize
        let list = coordinator.reports.list
        settingsStore.save(
            AppSettings(
                window: WindowGeometry(
                    width: Int(size.width), height: Int(size.height), isMaximized: window.isMaximized),
                lastTab: visiblePage?.tab ?? .home,
                reportsFilter: list.statusFilter,
                reportsSort: AppSettings.sortToRemember(
                    chosen: list.sort, restored: restored.reportsSort, available: list.availableSorts)))
    }
}
