// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// A scrolling, recycling list of announcement cards: only the rows on screen
/// exist, so it stays fast at any length. The Reports tab and the map's
/// "Show as List" both use it.
@MainActor
final class AnnouncementCardList {
    /// The scrolled list, to place in a page.
    let root: ScrolledWindow
    private let listView: ListView<AnnouncementCardView>
    private var shown: any CardRows = [AnnouncementCard]()

    /// - Parameters:
    ///   - listLabel: the list's accessible name ("Reports").
    ///   - areaLabel: the scrolled area's accessible name ("Report list").
    ///   - onActivate: a card was activated (its coordinator decides what follows).
    init(listLabel: String, areaLabel: String, photos: PhotoLoader, onActivate: @escaping @MainActor (String) -> Void) {
        listView = ListView(accessibleLabel: listLabel)
        listView.widget.addCSSClass("reports-list")
        root = ScrolledWindow(
            accessibleLabel: areaLabel, child: ClampScrollable(child: listView.widget, maximumWidth: 720))
        listView.makeRow = {
            let card = AnnouncementCardView(photos: photos, fieldLines: .one)
            card.onActivate = onActivate
            card.button.setMargins(top: 5, bottom: 5, start: 12, end: 12)
            return (card, AnyWidget(card.button))
        }
        listView.bindRow = { [unowned self] card, position in
            if position < shown.count { card.show(shown.card(at: position)) }
        }
        root.keepAlive(self)
    }

    /// Shows `rows`. Only what changed is spliced into the list: the reports
    /// kept at the start and at the end keep their rows (and the scroll
    /// position); the rows on screen are bound again in case a kept report
    /// changed. The same rows again change nothing on screen.
    @discardableResult
    func show(_ rows: any CardRows) -> ListChange {
        let change = ListChange(from: shown, to: rows)
        shown = rows
        listView.splice(at: change.position, removed: change.removed, added: change.added)
        return change
    }

    /// How many rows the list has.
    var rowCount: Int { listView.count }

    /// Back to the first rows (the list now shows another query's results).
    func scrollToTop() { root.verticalOffset = 0 }

    func grabFocus() { listView.widget.grabFocus() }
}
