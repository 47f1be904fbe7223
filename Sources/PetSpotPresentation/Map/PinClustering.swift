// SPDX-License-Identifier: GPL-3.0-or-later

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

        // Pins are large values (a dozen strings each): work on their indices
        // and copy each pin once, into its marker. 10 000 pins, `make bench`.
        var xs: [Double] = []
        var ys: [Double] = []
        var cellOfPin: [Int] = []
        xs.reserveCapacity(pins.count)
        ys.reserveCapacity(pins.count)
        cellOfPin.reserveCapacity(pins.count)
        var cellIndex: [GridCell: Int] = [:]
        var cells: [GridCell] = []
        for pin in pins {
            var point = WebMercator.point(for: pin.coordinate, zoomLevel: gridZoom)
            if point.x >= worldSize { point.x -= worldSize }  // 180° E is 180° W
            let key = GridCell(column: Int(point.x / cell), row: Int(point.y / cell))
            let index =
                cellIndex[key]
                ?? {
                    cells.append(key)
                    cellIndex[key] = cells.count - 1
                    return cells.count - 1
                }()
            xs.append(point.x)
            ys.append(point.y)
            cellOfPin.append(index)
        }

        var members = Array(repeating: [Int](), count: cells.count)
        for (pinIndex, cellIndex) in cellOfPin.enumerated() { members[cellIndex].append(pinIndex) }

        var markers: [MapMarker] = []
        markers.reserveCapacity(cells.count)
        for (key, indices) in zip(cells, members) {
            if indices.count == 1 {
                markers.append(.pin(pins[indices[0]]))
                continue
            }
            let spread = max(extent(of: indices, in: xs), extent(of: indices, in: ys))
            let byID = indices.sorted { pins[$0].id < pins[$1].id }
            markers.append(
                .cluster(
                    MapCluster(
                        id: "cluster/\(Int(gridZoom))/\(key.column)/\(key.row)", sortedPins: byID.map { pins[$0] },
                        zoomLevelToSeparate: zoomLevelToSeparate(
                            spread: spread, gridZoom: gridZoom, zoomLevel: zoomLevel, cellSize: cell))))
        }
        markers.sort { $0.id < $1.id }
        return markers
    }

    /// Zooming in one level doubles every distance in pixels, so the pins stop
    /// sharing a cell at the first level where their spread reaches a cell:
    /// what "zoom to fit the cluster" would show.
    private static func zoomLevelToSeparate(
        spread: Double, gridZoom: Double, zoomLevel: Double, cellSize: Double
    ) -> Double {
        // Pins at one spot never separate: go as deep as the map goes.
        guard spread > 0 else { return maximumZoomLevel }
        let levels = max(1, (log2(cellSize / spread)).rounded(.up))
        return min(maximumZoomLevel, max(zoomLevel + 1, gridZoom + levels))
    }

    /// How far apart the outermost of `indices`' values lie.
    private static func extent(of indices: [Int], in values: [Double]) -> Double {
        var low = Double.infinity
        var high = -Double.infinity
        for index in indices {
            low = min(low, values[index])
            high = max(high, values[index])
        }
        return indices.isEmpty ? 0 : high - low
    }

    private struct GridCell: Hashable {
        let column: Int
        let row: Int
    }
}
