// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// A point on Earth in degrees (WGS 84), always inside the valid ranges:
/// latitude −90…90, longitude −180…180. Construction fails otherwise, so a
/// `Coordinate` value never needs re-checking.
public struct Coordinate: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double

    /// `nil` when either value is not finite or is out of range.
    public init?(latitude: Double, longitude: Double) {
        guard Self.isValid(latitude: latitude, longitude: longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether the pair describes a real place on Earth.
    public static func isValid(latitude: Double, longitude: Double) -> Bool {
        latitude.isFinite && longitude.isFinite
            && (-90.0...90.0).contains(latitude)
            && (-180.0...180.0).contains(longitude)
    }
}

extension Coordinate {
    /// Mean Earth radius used by the PetSpot contract for every distance.
    public static let earthRadiusKilometres = 6371.0

    /// Great-circle distance in kilometres (Haversine, R = 6371 km): the same
    /// formula the server uses for `range`, so client and server agree.
    public func distance(to other: Coordinate) -> Double {
        let lat1 = latitude * .pi / 180
        let lat2 = other.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (other.longitude - longitude) * .pi / 180
        let sinHalfLat = sin(dLat / 2)
        let sinHalfLon = sin(dLon / 2)
        let a = sinHalfLat * sinHalfLat + cos(lat1) * cos(lat2) * sinHalfLon * sinHalfLon
        // Clamp: rounding can push `a` a hair above 1 for antipodal points.
        let c = 2 * asin(min(1, a.squareRoot()))
        return Self.earthRadiusKilometres * c
    }
}
