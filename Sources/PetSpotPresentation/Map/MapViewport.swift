// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// What the map view measured when a gesture ended: the centre and the four
/// corners of the visible area (corners may wrap across the antimeridian).
public struct MapViewport: Sendable, Equatable {
    public var centre: Coordinate
    public var corners: [Coordinate]

    public init(centre: Coordinate, corners: [Coordinate]) {
        self.centre = centre
        self.corners = corners
    }
}
