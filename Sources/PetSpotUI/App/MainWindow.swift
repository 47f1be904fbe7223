import GtkKit
import PetSpotCore

/// The one window: a header with the adaptive view switcher over the three pages,
/// and the same switcher as a bottom bar when the window is narrow.
@MainActor
final class MainWindow {
    private let window: ApplicationWindow
    private let stack = ViewStack()
    private let geometryStore = WindowGeometryStore()
    private var pages: [AppTab: any RefreshablePage] = [:]

    init(application: Application) {
        window = ApplicationWindow(application: application, title: "PetSpot")
        window.setIconName(PetSpotApplication.applicationID)
        restoreGeometry()

        addPage(HomePage(), for: .home)
        addPage(ReportsPage(), for: .reports)
        addPage(MapPage(), for: .map)

        let switcherTitle = ViewSwitcherTitle(stack: stack, title: "PetSpot")
        let header = HeaderBar(titleWidget: switcherTitle)
        header.packEnd(MenuButton(
            primaryMenu: [[(label: "_About PetSpot", action: "app.about")],
                          [(label: "_Quit", action: "app.quit")]],
            accessibleLabel: "Main Menu"))
        header.packStart(Button(iconName: "view-refresh-symbolic", accessibleLabel: "Refresh")
            .configured { $0.setActionName("app.refresh") })

        stack.setExpand(vertical: true)
        let content = Box(.vertical, children: [
            header, stack, ViewSwitcherBar(stack: stack, followingTitle: switcherTitle),
        ])
        window.setContent(content)
        window.keepAlive(self)
        window.onCloseRequest { [unowned self] in
            self.saveGeometry()
            return false
        }
    }

    func present() { window.present() }
    func close() { window.close() }

    func refreshVisiblePage() {
        guard let name = stack.visiblePageName, let tab = AppTab(rawValue: name) else { return }
        pages[tab]?.refresh()
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

    private func addPage(_ page: some RefreshablePage, for tab: AppTab) {
        stack.addPage(page.rootWidget, name: tab.rawValue, title: tab.title, iconName: tab.iconName)
        pages[tab] = page
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

/// A page of the view stack that the Refresh action can reload.
@MainActor
protocol RefreshablePage {
    var rootWidget: AnyWidget { get }
    func refresh()
}

extension Widget {
    /// Configures a freshly made widget inline, keeping construction declarative.
    func configured(_ body: (Self) -> Void) -> Self {
        body(self)
        return self
    }
}
