import Foundation
import PetSpotDomain

/// The Web Mercator projection of OpenStreetMap tiles (256-pixel tiles; the
/// world is 256 × 2^zoom pixels square, x growing east from 180° W, y growing
/// south from the top edge at `maxLatitude`). Used to cluster pins as the map
/// draws them and to say in tests what the map widget would report.
public enum WebMercator {
    /// The latitude of the square world's top edge; beyond it the projection is cut off.
    public static let maxLatitude = 85.0511287798
    public static let tileSize = 256.0

    /// The width (and height) of the world in pixels at `zoomLevel`.
    public static func worldSize(zoomLevel: Double) -> Double {
        tileSize * pow(2, zoomLevel)
    }

    /// World pixel position; latitudes beyond ±`maxLatitude` land on the edge.
    public static func point(for coordinate: Coordinate, zoomLevel: Double) -> (x: Double, y: Double) {
        let size = worldSize(zoomLevel: zoomLevel)
        let latitude = min(max(coordinate.latitude, -maxLatitude), maxLatitude) * .pi / 180
        let x = (coordinate.longitude + 180) / 360 * size
        let y = (0.5 - log(tan(.pi / 4 + latitude / 2)) / (2 * .pi)) * size
        return (x, y)
    }

    /// The coordinate at a world pixel position: x wraps around the world
    /// (longitude in −180..<180), y is clamped to its top and bottom edges.
    public static func coordinate(x: Double, y: Double, zoomLevel: Double) -> Coordinate {
        let size = worldSize(zoomLevel: zoomLevel)
        guard x.isFinite, y.isFinite, size.isFinite, size > 0 else { return origin }
        var wrappedX = x.truncatingRemainder(dividingBy: size)
        if wrappedX < 0 { wrappedX += size }
        let clampedY = min(max(y, 0), size)
        let longitude = min(wrappedX / size * 360 - 180, 180)
        let latitude = atan(sinh(.pi * (1 - 2 * clampedY / size))) * 180 / .pi
        let clampedLatitude = min(max(latitude, -maxLatitude), maxLatitude)
        return Coordinate(latitude: clampedLatitude, longitude: longitude) ?? origin
    }

    /// The viewport a `width`×`height`-pixel map centred on `centre` at
    /// `zoomLevel` would report: corners top-left, top-right, bottom-right,
    /// bottom-left.
    public static func viewport(centre: Coordinate, zoomLevel: Double, width: Double, height: Double) -> MapViewport {
        let middle = point(for: centre, zoomLevel: zoomLevel)
        let halfWidth = width / 2, halfHeight = height / 2
        let offsets = [(-halfWidth, -halfHeight), (halfWidth, -halfHeight), (halfWidth, halfHeight), (-halfWidth, halfHeight)]
        let corners = offsets.map { dx, dy in coordinate(x: middle.x + dx, y: middle.y + dy, zoomLevel: zoomLevel) }
        return MapViewport(centre: centre, corners: corners)
    }

    /// Where non-finite input lands; never reached with real map positions.
    private static let origin = Coordinate(latitude: 0, longitude: 0)!
}
