// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// A circle to fetch announcements in: the list endpoint's `lat`, `lng` and
/// `range` query parameters. The contract wants `range` as a whole number of
/// kilometres, at least 1, so the initialiser rounds up and clamps.
public struct SearchRegion: Sendable, Hashable {
    public let centre: Coordinate
    /// Whole kilometres, always ≥ 1.
    public let rangeKilometres: Int

    public init(centre: Coordinate, rangeKilometres: Int) {
        self.centre = centre
        self.rangeKilometres = max(1, rangeKilometres)
    }

    /// The Earth's circumference: a wider circle covers nothing more.
    public static let maximumCoveringKilometres = 40_075

    /// A region that covers at least `radiusKilometres` around `centre`
    /// (rounded up to whole kilometres; non-finite or tiny radii become 1 km).
    public init(centre: Coordinate, coveringRadiusKilometres radiusKilometres: Double) {
        let bounded =
            radiusKilometres.isFinite ? min(max(radiusKilometres, 1), Double(Self.maximumCoveringKilometres)) : 1
        self.init(centre: centre, rangeKilometres: Int(bounded.rounded(.up)))
    }
}
