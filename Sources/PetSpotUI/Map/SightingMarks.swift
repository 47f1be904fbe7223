// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation
import ShumateKit

/// The open popover's report's sightings on the Map (docs/BEHAVIOUR.md
/// §1.5): a small numbered mark for each (1 the newest, as on the details
/// page), and a line from the pin through them, oldest to newest. The marks
/// are not controls (the details page lists the same sightings); each is
/// named for screen readers all the same.
@MainActor
final class SightingMarks {
    private let viewModel: SightingMarksViewModel
    private let line: PathLayer
    private let layer: MarkerLayer
    private var shown: [Marker] = []

    /// Call before the pins' layer is added: the marks and the line go under the pins.
    init(viewModel: SightingMarksViewModel, map: SimpleMap) {
        self.viewModel = viewModel
        line = map.addPathLayer()
        line.setStroke(red: 0.9, green: 0.65, blue: 0.04, alpha: 0.9, width: 3)
        layer = map.addMarkerLayer(accessibleLabel: tr("Sightings on the map"))
    }

    func render() {
        line.setPoints(viewModel.path.map(MapLocation.init))
        for marker in shown { layer.remove(marker) }
        shown = viewModel.marks.map { mark in
            let label = Label(String(mark.number), cssClasses: ["sighting-mark"])
            label.setAccessibleLabel(
                tr("Sighting {number}: {details}", ["number": String(mark.number), "details": mark.accessibleName]))
            label.setTooltip(mark.time)
            let marker = Marker(location: MapLocation(mark.coordinate), child: label)
            layer.add(marker)
            return marker
        }
    }
}
