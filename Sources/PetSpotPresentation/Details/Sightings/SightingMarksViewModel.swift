// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Observation
import PetSpotDomain

/// The sightings of the report whose pin popover is open on the Map
/// (docs/BEHAVIOUR.md §1.5): small numbered marks, 1 the newest, joined to
/// the pin by a line from where the pet was last seen through them, oldest
/// to newest. Nothing while no popover is open, or when the backend has no
/// sightings; a failure is only logged below, the map stays as it is.
@MainActor
@Observable
public final class SightingMarksViewModel {
    /// The report whose marks are shown, and where its pin is.
    public private(set) var reportID: String?
    public private(set) var origin: Coordinate?
    /// Newest first, numbered from 1.
    public private(set) var marks: [SightingRow] = []

    @ObservationIgnored private let repository: any SightingsRepository
    @ObservationIgnored private let locale: Locale
    @ObservationIgnored private var load: Task<Void, Never>?

    public init(repository: any SightingsRepository, locale: Locale = Localization.locale) {
        self.repository = repository
        self.locale = locale
    }

    /// The line's points: the pin, then the sightings from the oldest to the newest.
    public var path: [Coordinate] {
        guard let origin, !marks.isEmpty else { return [] }
        return [origin] + marks.reversed().map(\.coordinate)
    }

    /// The popover of `reportID`'s pin at `coordinate` opened (nil: it closed).
    public func show(reportID: String?, at coordinate: Coordinate?) {
        guard reportID != self.reportID || coordinate != origin else { return }
        load?.cancel()
        let sameReport = reportID == self.reportID
        let locale = self.locale
        self.reportID = reportID
        origin = coordinate
        guard let reportID, let coordinate else {
            marks = []
            return
        }
        if sameReport {
            marks = marks.map { row in
                var moved = row
                moved.distance = SightingRow.distanceText(from: row.coordinate, to: coordinate, locale: locale)
                return moved
            }
            return
        }
        marks = []
        load = Task { [repository] in
            guard case .sightings(let sightings)? = try? await repository.sightings(forReport: reportID),
                self.reportID == reportID
            else { return }
            self.marks = sightings.sorted(by: Sighting.newestFirst).enumerated().map { index, sighting in
                SightingRow(sighting, number: index + 1, lastSeenAt: coordinate, locale: locale)
            }
        }
    }

    public func waitForCurrentLoad() async {
        await load?.value
    }
}
