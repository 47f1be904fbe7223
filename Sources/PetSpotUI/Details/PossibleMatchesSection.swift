// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// The details page's "Possible Matches": a heading, then the app's own
/// announcement cards, each with its reasons, or a line saying there are none.
/// Activating a card opens that report's details.
@MainActor
final class PossibleMatchesSection {
    /// The section, to place in the page; hidden when there is nothing to say.
    let root = Box(.vertical, spacing: 6)

    private let viewModel: PossibleMatchesViewModel?
    private let emptyLabel = Label("", cssClasses: ["dim-label"])
    private let cardsBox = Box(.vertical, spacing: 10)
    /// One view per card shown so far, reused when the matches change.
    private var cardViews: [AnnouncementCardView] = []
    private let photos: PhotoLoader
    private let onActivate: @MainActor (String) -> Void

    init(viewModel: PossibleMatchesViewModel?, coordinator: ReportsCoordinator, photos: PhotoLoader) {
        self.viewModel = viewModel
        self.photos = photos
        onActivate = { [weak coordinator] id in coordinator?.openDetails(id: id) }
        emptyLabel.setXAlign(0)
        emptyLabel.setWrap(true)
        root.append(Label(tr("Possible Matches"), cssClasses: ["heading"]).configured { $0.setXAlign(0) })
        root.append(emptyLabel)
        root.append(cardsBox)
        root.makeAccessibleGroup(named: tr("Possible Matches"))
        root.isVisible = false
        root.keepAlive(self)
        if viewModel != nil {
            root.bind { [unowned self] in render() }
        }
    }

    private func render() {
        switch viewModel?.state ?? .hidden {
        case .hidden:
            root.isVisible = false
        case .empty:
            emptyLabel.text = viewModel?.emptyText ?? ""
            emptyLabel.isVisible = true
            show([])
            root.isVisible = true
        case .matches(let cards):
            emptyLabel.isVisible = false
            show(cards)
            root.isVisible = true
        }
    }

    private func show(_ cards: [AnnouncementCard]) {
        while cardViews.count < cards.count {
            let view = AnnouncementCardView(photos: photos)
            view.onActivate = onActivate
            cardsBox.append(view.button)
            cardViews.append(view)
        }
        for (index, view) in cardViews.enumerated() {
            if index < cards.count { view.show(cards[index]) }
            view.button.isVisible = index < cards.count
        }
        cardsBox.isVisible = !cards.isEmpty
    }
}
