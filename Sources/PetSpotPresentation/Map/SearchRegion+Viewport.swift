// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

extension SearchRegion {
    /// The circle to fetch for what the map shows: centred on the viewport's
    /// centre, with the smallest whole number of kilometres (at least 1) that
    /// reaches its farthest corner. Great-circle distances, as the server
    /// measures `range`, so the antimeridian and the poles need no special case.
    public init(covering viewport: MapViewport) {
        let farthest = viewport.corners.map { viewport.centre.distance(to: $0) }.max() ?? 0
        self.init(centre: viewport.centre, coveringRadiusKilometres: farthest)
    }
}
