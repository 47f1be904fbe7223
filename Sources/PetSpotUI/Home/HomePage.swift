// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import GtkKit
import PetSpotPresentation

/// The Home tab: hero panel, "Recent Reports"
/// header and the five newest cards, all in one scrolled page.
@MainActor
final class HomePage: AppPage {
    let tab = AppTabID.home
    let title = tr("Home")
    let iconName = "go-home-symbolic"
    let rootWidget: AnyWidget
    private let viewModel: HomeViewModel
    private let states: LoadStateViews
    private let cardsGroup = Box(.vertical, spacing: 10)
    private var cardViews: [AnnouncementCardView] = []
    private let photos: PhotoLoader
    private let app: AppCoordinator

    init(viewModel: HomeViewModel, app: AppCoordinator, photos: PhotoLoader) {
        self.viewModel = viewModel
        self.app = app
        self.photos = photos
        cardsGroup.makeAccessibleGroup(named: tr("Recent Reports"))
        // The state stack is as tall as its tallest page (a status page fills the
        // window): the cards stay at the top, each as tall as its content.
        cardsGroup.setAlign(vertical: .start)
        states = LoadStateViews(
            loadingLabel: tr("Loading reports"),
            empty: (title: tr("No Recent Reports"), description: tr("Check back later for pet reports in your area.")),
            errorTitle: tr("Unable to Load Reports"), content: cardsGroup,
            onRetry: { viewModel.reload() })

        let hero = HeroPanel(
            onLostPet: { app.showReports(filter: .lost) },
            onFoundPet: { app.showReports(filter: .found) })
        let header = ListHeaderRow(title: tr("Recent Reports"), onViewAll: { app.showReports(filter: .all) })
        let offlineBanner = OfflineBanner(status: viewModel.offline, onRetry: { viewModel.reload() })
        let column = Box(
            .vertical, spacing: 12, children: [offlineBanner.root, hero.root, header.root, states.stack])
        column.setMargins(top: 12, bottom: 24, start: 12, end: 12)
        let scrolled = ScrolledWindow(accessibleLabel: tr("Home"), child: Clamp(child: column, maximumWidth: 720))
        rootWidget = AnyWidget(scrolled)
        rootWidget.keepAlive(self)
        rootWidget.bind { [unowned self] in render() }
    }

    func appeared() { viewModel.start() }

    func refresh() {
        photos.forgetFailures()
        viewModel.reload()
    }

    private func render() {
        let list = viewModel.recentReports
        switch list.state {
        case .idle, .loading: states.show(.loading)
        case .empty: states.show(.empty)
        case .failed(let message): states.show(.error(message: message))
        case .loaded:
            Milestones.mark("reports-loaded")
            showCards(list.cards)
            states.show(.content)
            if Milestones.mark("cards-rendered") {
                rootWidget.afterNextFramePainted { Milestones.mark("cards-frame") }
            }
        }
    }

    private func showCards(_ cards: [AnnouncementCard]) {
        while cardViews.count < cards.count {
            let view = AnnouncementCardView(photos: photos)
            view.onActivate = { [app] id in app.openDetails(id: id) }
            cardsGroup.append(view.button)
            cardViews.append(view)
        }
        for (index, view) in cardViews.enumerated() {
            // Hidden cards leave the accessibility tree, so tests count only real ones.
            view.button.isVisible = index < cards.count
            if index < cards.count { view.show(cards[index]) }
        }
    }
}
