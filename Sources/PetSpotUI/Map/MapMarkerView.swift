// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation
import ShumateKit

/// One marker on the map: a button drawn as a pin for one report (coloured, with
/// its status's symbol), or
/// as a count for a cluster, at the marker's place. It is what screen readers
/// and the keyboard reach (Tab walks the visible markers), so it carries the
/// marker's sentence as its name. `show` gives it another marker of the same
/// kind: `MapMarkers` relabels these rather than building new ones.
@MainActor
final class MapMarkerView {
    /// Put on the marker layer once; removing it from the layer destroys it.
    let marker: Marker
    private(set) var value: MapMarker
    /// Fixed for the view's life: a pin and a cluster are different widgets.
    var kind: MapMarker.Kind { value.kind }
    private let button: Button
    /// A cluster's count.
    private let countLabel: Label?
    /// A pin's status symbol.
    private let statusIcon: Image?

    init(_ value: MapMarker, onActivate: @escaping @MainActor (MapMarker) -> Void) {
        self.value = value
        switch value {
        case .pin(let pin):
            countLabel = nil
            let icon = Image(iconName: MapStyle.iconName(for: pin.status))
            statusIcon = icon
            button = Button(
                child: icon, accessibleLabel: pin.accessibleName,
                cssClasses: ["map-pin", MapStyle.cssClass(for: pin.status)])
        case .cluster(let cluster):
            let count = Label("\(cluster.pins.count)")
            countLabel = count
            statusIcon = nil
            button = Button(child: count, accessibleLabel: cluster.accessibleName, cssClasses: ["map-cluster"])
        }
        marker = Marker(location: MapLocation(value.coordinate), child: button)
        // Asked for on hover: a relabelled marker costs no tooltip update.
        button.setTooltip(from: { [weak self] in self?.tooltip })
        button.onClicked { [weak self] in
            if let self { onActivate(self.value) }
        }
    }

    /// Shows `newValue`, a marker of this view's kind, in place.
    func show(_ newValue: MapMarker) {
        precondition(newValue.kind == kind, "a \(kind) marker view cannot show a \(newValue.kind)")
        let old = value
        value = newValue
        if old.coordinate != newValue.coordinate { marker.location = MapLocation(newValue.coordinate) }
        switch (old, newValue) {
        case (.pin(let before), .pin(let after)):
            if before.status != after.status {
                button.removeCSSClass(MapStyle.cssClass(for: before.status))
                button.addCSSClass(MapStyle.cssClass(for: after.status))
                statusIcon?.setIconName(MapStyle.iconName(for: after.status))
            }
            if before.accessibleName != after.accessibleName { button.setAccessibleLabel(after.accessibleName) }
        case (.cluster(let before), .cluster(let after)):
            if before.pins.count != after.pins.count {
                countLabel?.text = "\(after.pins.count)"
                button.setAccessibleLabel(after.accessibleName)
            }
        default:
            break
        }
    }

    private var tooltip: String {
        switch value {
        case .pin(let pin): pin.title
        case .cluster(let cluster): cluster.accessibleName
        }
    }
}
