// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// What the view switcher shows of a page, known before the page exists.
struct PageLabel {
    let tab: AppTabID
    /// The page tab's name, for the view switcher and screen readers.
    let title: String
    /// A symbolic icon name for the view switcher.
    let iconName: String
}

/// A page whose label is known without building it, so it can be deferred.
@MainActor
protocol DeferrablePage: AppPage {
    static var label: PageLabel { get }
}

extension DeferrablePage {
    var tab: AppTabID { Self.label.tab }
    var title: String { Self.label.title }
    var iconName: String { Self.label.iconName }
}

/// A tab whose page is built the first time it is shown or a coordinator
/// needs it: building the Reports and Map pages (the map widget, the list,
/// the details page) and styling their widgets took a fifth of PetSpot's
/// start-up (make bench), for tabs a user may never open. The view switcher
/// gets an empty box at once; the page moves into it when built.
@MainActor
final class DeferredPage<Page: DeferrablePage>: AppPage {
    let rootWidget: AnyWidget
    private let container = Box(.vertical)
    private var build: (() -> Page)?
    private var built: Page?

    init(_ build: @escaping () -> Page) {
        self.build = build
        rootWidget = AnyWidget(container)
        rootWidget.keepAlive(self)
    }

    var tab: AppTabID { Page.label.tab }
    var title: String { Page.label.title }
    var iconName: String { Page.label.iconName }

    /// The page, built now if it was not yet.
    var page: Page {
        if let built { return built }
        let page = build!()
        build = nil
        built = page
        page.rootWidget.setExpand(horizontal: true, vertical: true)
        container.append(page.rootWidget)
        return page
    }

    var isBuilt: Bool { built != nil }

    func appeared() { page.appeared() }

    /// A page never shown has nothing to refresh: it loads when it appears.
    func refresh() { built?.refresh() }
}

extension DeferredPage: MapHost where Page: MapHost {
    func focus(on details: PetDetails) { page.focus(on: details) }
}

extension DeferredPage: ReportsNavigationHost where Page: ReportsNavigationHost {
    func showReportsList() { page.showReportsList() }
    func showPetDetails() { page.showPetDetails() }
    func focusSearch() { page.focusSearch() }
}
