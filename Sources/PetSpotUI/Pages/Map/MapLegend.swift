import GtkKit
import PetSpotPresentation
import PetSpotDomain

/// What the pin colours mean, in words as well as colour.
@MainActor
struct MapLegend {
    let root = Box(.horizontal, spacing: 12, cssClasses: ["map-legend"])

    init() {
        root.makeAccessibleGroup(named: tr("Legend"))
        for status in AnnouncementStatus.allCases {
            let dot = Box(.horizontal, cssClasses: ["map-legend-dot", MapStyle.cssClass(for: status)])
            dot.setSizeRequest(width: 10, height: 10)
            dot.setAlign(vertical: .center)
            root.append(Box(.horizontal, spacing: 5, children: [dot, Label(status.displayName, cssClasses: ["caption"])]))
        }
    }
}

/// The CSS classes that colour pins and legend dots by status.
enum MapStyle {
    static func cssClass(for status: AnnouncementStatus) -> String {
        switch status {
        case .lost: "lost"
        case .found: "found"
        case .closed: "closed"
        }
    }
}
