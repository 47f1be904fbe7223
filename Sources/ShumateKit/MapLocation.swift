// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// A point on the map in degrees (WGS 84), as libshumate takes it.
public struct MapLocation: Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// This location with its latitude inside the projection's range:
    /// libshumate's `go_to` rejects latitudes beyond it.
    public var clamped: MapLocation {
        MapLocation(latitude: WebMercator.clamped(latitude: latitude), longitude: longitude)
    }
}
