import Foundation
import PetSpotDomain

/// Groups pins that would overlap on screen, so thousands of reports never
/// mean thousands of widgets (docs/BEHAVIOUR.md §1.5: many pins must not
/// freeze the map).
public enum PinClustering {
    /// The deepest zoom a cluster asks for; OpenStreetMap tiles stop at 19.
    public static let maximumZoomLevel = 19.0

    /// Groups pins that would overlap at `zoomLevel`: a grid of `cellSize`-pixel
    /// cells over Web Mercator world pixels at the integer zoom floor(zoomLevel).
    /// The grid is fixed to the world, not to the view, so panning never
    /// reshuffles clusters. One pin in a cell stays a pin. Sorted by id.
    public static func markers(for pins: [MapPin], zoomLevel: Double, cellSize: Double = 64) -> [MapMarker] {
        let gridZoom = zoomLevel.isFinite ? min(max(floor(zoomLevel), 0), 30) : 0
        let cell = cellSize.isFinite && cellSize >= 1 ? cellSize : 64
        let worldSize = WebMercator.worldSize(zoomLevel: gridZoom)

        var cells: [GridCell: [PlacedPin]] = [:]
        for pin in pins {
            var point = WebMercator.point(for: pin.coordinate, zoomLevel: gridZoom)
            if point.x >= worldSize { point.x -= worldSize }  // 180° E is 180° W
            let key = GridCell(column: Int(point.x / cell), row: Int(point.y / cell))
            cells[key, default: []].append(PlacedPin(pin: pin, x: point.x, y: point.y))
        }

        var markers: [MapMarker] = []
        markers.reserveCapacity(cells.count)
        for (key, placed) in cells {
            if placed.count == 1 {
                markers.append(.pin(placed[0].pin))
            } else {
                let separation = zoomLevelToSeparate(placed, gridZoom: gridZoom, zoomLevel: zoomLevel, cellSize: cell)
                markers.append(.cluster(MapCluster(
                    id: "cluster/\(Int(gridZoom))/\(key.column)/\(key.row)", pins: placed.map(\.pin),
                    zoomLevelToSeparate: separation)))
            }
        }
        markers.sort { $0.id < $1.id }
        return markers
    }

    /// Zooming in one level doubles every distance in pixels, so the pins stop
    /// sharing a cell at the first level where their spread reaches a cell:
    /// what "zoom to fit the cluster" would show.
    private static func zoomLevelToSeparate(
        _ placed: [PlacedPin], gridZoom: Double, zoomLevel: Double, cellSize: Double
    ) -> Double {
        let xs = placed.map(\.x), ys = placed.map(\.y)
        let spread = max((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
        // Pins at one spot never separate: go as deep as the map goes.
        guard spread > 0 else { return maximumZoomLevel }
        let levels = max(1, (log2(cellSize / spread)).rounded(.up))
        return min(maximumZoomLevel, max(zoomLevel + 1, gridZoom + levels))
    }

    private struct GridCell: Hashable {
        let column: Int
        let row: Int
    }

    private struct PlacedPin {
        let pin: MapPin
        let x: Double
        let y: Double
    }
}
