// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// Several pins that would overlap at the current zoom, drawn as one marker
/// with their count.
public struct MapCluster: Sendable, Hashable, Identifiable {
    /// Derived from the grid cell, so the same pins at the same zoom keep the same id.
    public let id: String
    /// The mean of its pins' coordinates.
    public let coordinate: Coordinate
    /// Sorted by id.
    public let pins: [MapPin]
    /// "3 reports".
    public var accessibleName: String { trn("{count} report", "{count} reports", count: pins.count) }
    /// The zoom level at which activating the cluster shows its pins apart
    /// (at least the current one + 1, at most `PinClustering.maximumZoomLevel`).
    public let zoomLevelToSeparate: Double

    /// `coordinate` is the mean of `pins`' coordinates. A cell never straddles
    /// the antimeridian, so a plain mean of longitudes is right.
    public init(id: String, pins: [MapPin], zoomLevelToSeparate: Double) {
        self.init(id: id, sortedPins: pins.sorted { $0.id < $1.id }, zoomLevelToSeparate: zoomLevelToSeparate)
    }

    /// For pins already sorted by id: summed in that order too, since
    /// floating-point sums depend on their order, and the same pins must give
    /// the same cluster whatever order they came in.
    init(id: String, sortedPins: [MapPin], zoomLevelToSeparate: Double) {
        self.id = id
        pins = sortedPins
        self.zoomLevelToSeparate = zoomLevelToSeparate
        let count = Double(max(sortedPins.count, 1))
        let latitude = sortedPins.reduce(0) { $0 + $1.coordinate.latitude } / count
        let longitude = sortedPins.reduce(0) { $0 + $1.coordinate.longitude } / count
        coordinate = Coordinate(latitude: latitude, longitude: longitude) ?? sortedPins.first?.coordinate ?? Self.origin
    }

    /// Only an empty cluster, which clustering never makes, lands here.
    private static let origin = Coordinate(latitude: 0, longitude: 0)!
}
