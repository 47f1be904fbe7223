// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// A circle to fetch announcements in: the list endpoint's `lat`, `lng` and
/// `range` query parameters. The contract wants `range` as a whole number of
/// kilometres, at least 1, so the initialiser rounds up and clamps.
public struct SearchRegion: Sendable, Hashable {
    public let centre: Coordinate
    /// Whole kilometres, always ≥ 1.
    public let rangeKilometers: Int

    public init(centre: Coordinate, rangeKilometers: Int) {
        self.centre = centre
        self.rangeKilometers = max(1, rangeKilometers)
    }

    /// A region that covers at least `radiusKilometers` around `centre`
    /// (rounded up to whole kilometres; non-finite or tiny radii become 1 km).
    public init(centre: Coordinate, coveringRadiusKilometers radiusKilometers: Double) {
        let bounded = radiusKilometers.isFinite ? min(max(radiusKilometers, 1), 40_075) : 1
        self.init(centre: centre, rangeKilometers: Int(bounded.rounded(.up)))
    }
}
