// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

extension WebMercator {
    /// The viewport a `width`×`height`-pixel map centred on `centre` at
    /// `zoomLevel` would report: corners top-left, top-right, bottom-right,
    /// bottom-left.
    public static func viewport(centre: Coordinate, zoomLevel: Double, width: Double, height: Double) -> MapViewport {
        let middle = point(for: centre, zoomLevel: zoomLevel)
        let halfWidth = width / 2
        let halfHeight = height / 2
        let offsets = [
            (-halfWidth, -halfHeight), (halfWidth, -halfHeight), (halfWidth, halfHeight), (-halfWidth, halfHeight),
        ]
        let corners = offsets.map { dx, dy in coordinate(x: middle.x + dx, y: middle.y + dy, zoomLevel: zoomLevel) }
        return MapViewport(centre: centre, corners: corners)
    }
}
