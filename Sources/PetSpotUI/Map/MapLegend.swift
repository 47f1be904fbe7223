// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// What the pins mean, in words, shape and colour.
@MainActor
struct MapLegend {
    let root = Box(.horizontal, spacing: 12, cssClasses: ["map-legend"])

    init() {
        root.makeAccessibleGroup(named: tr("Legend"))
        for status in AnnouncementStatus.allCases {
            let mark = Image(iconName: MapStyle.iconName(for: status), pixelSize: 12)
            mark.addCSSClass("map-legend-mark")
            mark.addCSSClass(MapStyle.cssClass(for: status))
            mark.setAlign(vertical: .center)
            root.append(
                Box(.horizontal, spacing: 5, children: [mark, Label(status.displayName, cssClasses: ["caption"])]))
        }
    }
}

/// How pins and the legend tell statuses apart: by colour (CSS class) and, for
/// people who cannot tell the colours apart, by the symbol inside.
enum MapStyle {
    static func cssClass(for status: AnnouncementStatus) -> String {
        switch status {
        case .lost: "lost"
        case .found: "found"
        case .closed: "closed"
        }
    }

    /// The same symbols as Home's Lost Pet and Found Pet buttons.
    static func iconName(for status: AnnouncementStatus) -> String {
        switch status {
        case .lost: "dialog-warning-symbolic"
        case .found: "object-select-symbolic"
        case .closed: "action-unavailable-symbolic"
        }
    }
}
