// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import GtkKit
import PetSpotPresentation

/// Every announcement, filterable, with the details page pushed on top inside
/// this tab. The list stays alive underneath, so Back finds it with its
/// filter, search and scroll position unchanged.
@MainActor
final class ReportsPage: DeferrablePage, ReportsNavigationHost {
    static let label = PageLabel(tab: .reports, title: tr("Reports"), iconName: "view-list-symbolic")
    let rootWidget: AnyWidget

    private let navigation = Stack(transition: .slideLeftRight)
    private let coordinator: ReportsCoordinator
    let toolbar: ReportsToolbar
    private let states: LoadStateViews
    let list: AnnouncementCardList
    private let details: PetDetailsPage
    private let photos: PhotoLoader
    /// The query whose results the list shows: another one starts at the top.
    private var shownQuery: AnnouncementListQuery?

    init(coordinator: ReportsCoordinator, details: PetDetailsPage, photos: PhotoLoader) {
        self.coordinator = coordinator
        self.details = details
        self.photos = photos
        let viewModel = coordinator.list
        toolbar = ReportsToolbar(viewModel: viewModel)

        list = AnnouncementCardList(
            listLabel: tr("Reports"), areaLabel: tr("Report list"), photos: photos,
            onActivate: { [coordinator] id in coordinator.openDetails(id: id) })
        states = LoadStateViews(
            loadingLabel: tr("Loading reports"),
            empty: (title: tr("No Reports"), description: tr("No reports match. Try another filter or search.")),
            errorTitle: tr("Unable to Load Reports"), content: list.root,
            onRetry: { viewModel.reload() },
            emptyAction: (label: tr("Report a Pet"), handler: { [coordinator] in coordinator.newReport() }))
        states.stack.setExpand(vertical: true)

        let offlineBanner = OfflineBanner(status: viewModel.offline, onRetry: { viewModel.reload() })
        offlineBanner.root.setMargins(top: 12, start: 12, end: 12)
        let listPage = Box(
            .vertical,
            children: [
                Clamp(child: offlineBanner.root, maximumWidth: 720), Clamp(child: toolbar.root, maximumWidth: 720),
                states.stack,
            ])
        navigation.add(listPage, name: "list")
        navigation.add(details.rootWidget, name: "details")
        rootWidget = AnyWidget(navigation)

        rootWidget.keepAlive(self)
        rootWidget.bind { [unowned self] in render() }
        coordinator.host = self
    }

    func refresh() {
        photos.forgetFailures()
        if coordinator.isShowingDetails {
            coordinator.details.retry()
        } else {
            coordinator.list.reload()
        }
    }

    /// The tab became visible: load on first display.
    func appeared() { coordinator.list.start() }

    // MARK: ReportsNavigationHost

    /// Back from details: the list takes the keyboard focus again.
    func showReportsList() {
        navigation.visibleChildName = "list"
        list.grabFocus()
    }

    func showPetDetails() {
        navigation.visibleChildName = "details"
    }

    func focusSearch() {
        toolbar.searchEntry.grabFocus()
    }

    private func render() {
        let reports = coordinator.list.reports
        switch reports.state {
        case .idle, .loading: states.show(.loading)
        case .empty: states.show(.empty)
        case .failed(let message): states.show(.error(message: message))
        case .loaded:
            let change = list.show(reports.results)
            if let shownQuery, shownQuery != reports.results.query { list.scrollToTop() }
            shownQuery = reports.results.query
            states.show(.content)
            // make bench times opening the tab and each filter, sort or search
            // change to the first frame with the new rows.
            if Milestones.isEnabled, !change.isEmpty {
                rootWidget.afterNextFramePainted { Milestones.markEach("reports-rows") }
            }
        }
    }
}
