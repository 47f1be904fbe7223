// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// The Web Mercator projection of OpenStreetMap's tiles, the one copy the map
/// page (pin clustering, search areas) and the map widget (fitting the camera)
/// share. In world units x and y run from 0 to 1: x eastwards from 180° W, y
/// southwards from `maxLatitude`. At zoom level z the world is
/// `tileSize · 2^z` pixels square, as libshumate draws it.
public enum WebMercator {
    /// The latitude of the square world's edges; beyond it the projection is
    /// cut off, and libshumate refuses to go there (SHUMATE_MAX_LATITUDE).
    public static let maxLatitude = 85.0511287798
    public static let tileSize = 256.0

    /// `latitude` moved inside ±`maxLatitude`.
    public static func clamped(latitude: Double) -> Double {
        min(max(latitude, -maxLatitude), maxLatitude)
    }

    public static func x(longitude: Double) -> Double { (longitude + 180) / 360 }

    /// Latitudes beyond ±`maxLatitude` land on the edge (0 or 1).
    public static func y(latitude: Double) -> Double {
        let radians = clamped(latitude: latitude) * .pi / 180
        return 0.5 - log(tan(.pi / 4 + radians / 2)) / (2 * .pi)
    }

    public static func longitude(x: Double) -> Double { x * 360 - 180 }

    /// `y` beyond the edges lands on them.
    public static func latitude(y: Double) -> Double {
        clamped(latitude: atan(sinh(.pi * (1 - 2 * min(max(y, 0), 1)))) * 180 / .pi)
    }

    /// The width (and height) of the world in pixels at `zoomLevel`.
    public static func worldSize(zoomLevel: Double) -> Double {
        tileSize * pow(2, zoomLevel)
    }

    /// World pixel position at `zoomLevel`.
    public static func point(for coordinate: Coordinate, zoomLevel: Double) -> (x: Double, y: Double) {
        let size = worldSize(zoomLevel: zoomLevel)
        return (x(longitude: coordinate.longitude) * size, y(latitude: coordinate.latitude) * size)
    }

    /// The coordinate at a world pixel position: x wraps around the world
    /// (longitude in −180..<180), y is clamped to its top and bottom edges.
    public static func coordinate(x: Double, y: Double, zoomLevel: Double) -> Coordinate {
        let size = worldSize(zoomLevel: zoomLevel)
        guard x.isFinite, y.isFinite, size.isFinite, size > 0 else { return origin }
        var wrappedX = x.truncatingRemainder(dividingBy: size)
        if wrappedX < 0 { wrappedX += size }
        let longitude = min(longitude(x: wrappedX / size), 180)
        return Coordinate(latitude: latitude(y: y / size), longitude: longitude) ?? origin
    }

    /// Where non-finite input lands; never reached with real map positions.
    private static let origin = Coordinate(latitude: 0, longitude: 0)!
}
