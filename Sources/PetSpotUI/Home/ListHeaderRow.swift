// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// "Recent Reports" with a View All button.
@MainActor
struct ListHeaderRow {
    let root: Box

    init(title: String, onViewAll: @escaping @MainActor () -> Void) {
        root = Box(.horizontal, spacing: 12)
        let heading = Label(title, cssClasses: ["title-3"])
        heading.setAccessibleRole(.heading)
        heading.setXAlign(0)
        heading.setExpand(horizontal: true)
        // Wraps between words rather than widening the window (large text,
        // long translations), and never inside one.
        heading.setWrap(true)
        heading.setWidthChars(Int32(title.split(separator: " ").map(\.count).max() ?? 0))
        let viewAll = Button(label: tr("View All"), cssClasses: ["flat"])
        viewAll.setAlign(vertical: .center)
        viewAll.onClicked(onViewAll)
        root.append(heading)
        root.append(viewAll)
        root.setMargins(top: 12, start: 6, end: 6)
    }
}
