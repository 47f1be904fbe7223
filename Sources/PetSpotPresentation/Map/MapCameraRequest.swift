// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// Where the map view should move, once: each request has a new `serial`, so
/// the view moves when the serial changes and the user's own panning is never undone.
public struct MapCameraRequest: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        case centre(Coordinate, zoomLevel: Double)
        /// Show all these coordinates.
        case fit([Coordinate])
    }

    public let serial: Int
    public let target: Target

    public init(serial: Int, target: Target) {
        self.serial = serial
        self.target = target
    }
}
