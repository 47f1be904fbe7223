// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// What the map draws at one place: a single report, or a cluster of them.
public enum MapMarker: Sendable, Hashable, Identifiable {
    case pin(MapPin)
    case cluster(MapCluster)

    public var id: String {
        switch self {
        case .pin(let pin): pin.id
        case .cluster(let cluster): cluster.id
        }
    }

    public var coordinate: Coordinate {
        switch self {
        case .pin(let pin): pin.coordinate
        case .cluster(let cluster): cluster.coordinate
        }
    }
}
