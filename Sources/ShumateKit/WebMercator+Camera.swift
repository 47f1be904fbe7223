// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

extension WebMercator {
    /// Where to look, and how close, so that every location shows in a view of
    /// `width` × `height` pixels with `padding` pixels to spare on each side: the
    /// centre of the locations' bounding box (in projected space, so it is the
    /// box's visual middle) at the largest zoom level where the box fits, within
    /// `zoomRange`. One location, or several at one spot, gets `singleLocationZoom`.
    /// Nil for no locations. The box does not wrap across the antimeridian.
    package static func camera(
        fitting locations: [MapLocation], width: Double, height: Double, padding: Double,
        tileSize: Double, zoomRange: ClosedRange<Double>, singleLocationZoom: Double = 16
    ) -> (centre: MapLocation, zoomLevel: Double)? {
        guard !locations.isEmpty else { return nil }
        let xs = locations.map { x(longitude: $0.longitude) }
        let ys = locations.map { y(latitude: $0.clamped.latitude) }
        let (minX, maxX) = (xs.min()!, xs.max()!)
        let (minY, maxY) = (ys.min()!, ys.max()!)
        let centre = MapLocation(latitude: latitude(y: (minY + maxY) / 2), longitude: longitude(x: (minX + maxX) / 2))

        // The zoom at which a span of `span` world units is `pixels` wide: span · tileSize · 2^z = pixels.
        func zoom(toShow span: Double, in pixels: Double) -> Double {
            span > 1e-12 ? log2(max(pixels, 1) / (span * tileSize)) : .infinity
        }
        var zoomLevel = min(
            zoom(toShow: maxX - minX, in: width - 2 * padding),
            zoom(toShow: maxY - minY, in: height - 2 * padding))
        if zoomLevel == .infinity { zoomLevel = singleLocationZoom }
        return (centre, min(max(zoomLevel, zoomRange.lowerBound), zoomRange.upperBound))
    }
}
