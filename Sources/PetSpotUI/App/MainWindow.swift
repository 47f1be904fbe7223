import GtkKit
import PetSpotCore

/// The one window: a header with the adaptive view switcher over the three pages,
/// and the same switcher as a bottom bar when the window is narrow. It is the
/// app coordinator's tab host.
@MainActor
final class MainWindow: TabHost {
    private let window: ApplicationWindow
    private let stack = ViewStack()
    private let toasts: ToastOverlay
    private let backButton = Button(iconName: "go-previous-symbolic", accessibleLabel: "Back")
    private let geometryStore = WindowGeometryStore()
    private let coordinator: AppCoordinator
    private let home: HomePage
    private let reports: ReportsPage
    private let map: MapPage
    var onDestroy: (@MainActor () -> Void)?

    init(application: Application, environment: AppEnvironment) {
        window = ApplicationWindow(application: application, title: "PetSpot")
        window.setIconName(PetSpotApplication.applicationID)

        let photos = PhotoLoader(fetcher: environment.photoFetcher)
        let repository = environment.repository
        let location = environment.userLocation
        let reportsCoordinator = ReportsCoordinator(
            list: AnnouncementListViewModel(repository: repository, userLocation: location),
            details: PetDetailsViewModel(repository: repository, userLocation: location))
        coordinator = AppCoordinator(reports: reportsCoordinator)
        let details = PetDetailsPage(viewModel: reportsCoordinator.details, photos: photos)
        home = HomePage(
            viewModel: LandingPageViewModel(repository: repository, userLocation: location),
            coordinator: HomeCoordinator(app: coordinator), photos: photos)
        reports = ReportsPage(coordinator: reportsCoordinator, details: details, photos: photos)
        map = MapPage()

        stack.addPage(home.rootWidget, name: AppTabID.home.rawValue, title: "Home", iconName: "go-home-symbolic")
        stack.addPage(reports.rootWidget, name: AppTabID.reports.rawValue, title: "Reports", iconName: "view-list-symbolic")
        stack.addPage(map.rootWidget, name: AppTabID.map.rawValue, title: "Map", iconName: "mark-location-symbolic")

        let switcherTitle = ViewSwitcherTitle(stack: stack, title: "PetSpot")
        let header = HeaderBar(titleWidget: switcherTitle)
        header.packStart(backButton)
        header.packEnd(MenuButton(
            primaryMenu: [[(label: "_Refresh", action: "app.refresh")],
                          [(label: "_About PetSpot", action: "app.about")],
                          [(label: "_Quit", action: "app.quit")]],
            accessibleLabel: "Main Menu"))
        if environment.isDemoData {
            let demo = Label("Demo data", cssClasses: ["demo-badge"])
            demo.setTooltip("PetSpot is showing demo reports from its built-in server. Start it with --api-url to use a PetSpot backend.")
            demo.setAlign(vertical: .center)
            header.packEnd(demo)
        }

        stack.setExpand(vertical: true)
        let content = Box(.vertical, children: [
            header, stack, ViewSwitcherBar(stack: stack, followingTitle: switcherTitle),
        ])
        toasts = ToastOverlay(child: content)
        window.setContent(toasts)
        restoreGeometry()

        coordinator.tabHost = self
        coordinator.mapHost = map
        details.onShowOnMap = { [coordinator] details in coordinator.showOnMap(details) }
        details.onToast = { [toasts] message in toasts.show(message) }
        reports.onNavigationChanged = { [unowned self] in navigationChanged() }
        backButton.onClicked { [reportsCoordinator] in reportsCoordinator.back() }
        stack.onVisiblePageChanged { [unowned self] in visibleTabChanged() }
        window.onKeyPressed { [unowned self] keyval, modifiers in handleKey(keyval, modifiers) }
        window.onCloseRequest { [unowned self] in
            saveGeometry()
            return false
        }
        window.onDestroy { [unowned self] in onDestroy?() }
        window.keepAlive(self)
        updateBackButton()
    }

    func present() { window.present() }
    func close() { window.close() }

    func refreshVisiblePage() {
        switch visibleTab {
        case .home: home.refresh()
        case .reports: reports.refresh()
        case .map: map.refresh()
        }
    }

    func showAbout() {
        AboutWindow(
            transientFor: window, applicationName: "PetSpot",
            applicationIcon: PetSpotApplication.applicationID, version: PetSpotVersion.current,
            developerName: "The PetSpot developers",
            comments: "Find lost pets near you: browse reports, call their owners and see where they went missing.",
            website: nil
        ).present()
    }

    // MARK: TabHost

    func selectTab(_ tab: AppTabID) {
        stack.visiblePageName = tab.rawValue
    }

    // MARK: Private

    private var visibleTab: AppTabID {
        stack.visiblePageName.flatMap(AppTabID.init(rawValue:)) ?? .home
    }

    private func visibleTabChanged() {
        if visibleTab == .reports { reports.appeared() }
        updateBackButton()
    }

    private func updateBackButton() {
        backButton.isVisible = visibleTab == .reports && reports.isShowingDetails
    }

    /// Keyboard focus must not stay on a page that just slid away: details
    /// start at Back; the list gets focus back when it returns.
    private func navigationChanged() {
        updateBackButton()
        if reports.isShowingDetails {
            backButton.grabFocus()
        } else {
            reports.focusList()
        }
    }

    /// Escape and Alt+Left go back from details; Ctrl+F searches the reports.
    private func handleKey(_ keyval: UInt32, _ modifiers: UInt32) -> Bool {
        let significant = modifiers & (Keys.control | Keys.alt | Keys.shift)
        if keyval == Keys.f && significant == Keys.control {
            selectTab(.reports)
            reports.appeared()
            reports.focusSearch()
            return true
        }
        let isBack = (keyval == Keys.escape && significant == 0) || (keyval == Keys.left && significant == Keys.alt)
        if isBack && visibleTab == .reports {
            return coordinator.reports.back()
        }
        return false
    }

    private func restoreGeometry() {
        let geometry = geometryStore.load()
        window.setDefaultSize(width: Int32(geometry.width), height: Int32(geometry.height))
        if geometry.isMaximized { window.isMaximized = true }
    }

    private func saveGeometry() {
        let size = window.defaultSize
        geometryStore.save(WindowGeometry(
            width: Int(size.width), height: Int(size.height), isMaximized: window.isMaximized))
    }
}
