// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// LOST / FOUND / CLOSED as text on a coloured pill: the colour is never the
/// only signal.
@MainActor
struct StatusBadge {
    let label = Label("", cssClasses: ["status-badge"])

    init() {
        label.setAlign(horizontal: .start, vertical: .center)
    }

    func show(_ status: AnnouncementStatus) {
        label.text = status.badgeText
        for other in AnnouncementStatus.allCases { label.removeCSSClass(other.rawValue) }
        label.addCSSClass(status.rawValue)
    }
}
