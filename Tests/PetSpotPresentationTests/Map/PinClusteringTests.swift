// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotPresentation

@Suite struct PinClusteringTests {
    /// Three pins within about 150 m of each other in central Warsaw.
    private let close = [
        MapPinFixtures.pin("c", latitude: 52.2297, longitude: 21.0122),
        MapPinFixtures.pin("a", latitude: 52.2300, longitude: 21.0130),
        MapPinFixtures.pin("b", latitude: 52.2291, longitude: 21.0110),
    ]
    private let krakow = MapPinFixtures.pin("krakow", at: MapPinFixtures.krakow)

    @Test func givenDistantPins_whenClustered_thenEachStaysAPin() {
        let warsaw = MapPinFixtures.pin("warsaw", at: MapPinFixtures.warsaw)

        let markers = PinClustering.markers(for: [warsaw, krakow], zoomLevel: 10)

        #expect(markers == [.pin(krakow), .pin(warsaw)], "sorted by id")
    }

    @Test func givenClosePins_whenClustered_thenOneClusterWithTheirCountAndMeanCoordinate() throws {
        let markers = PinClustering.markers(for: close + [krakow], zoomLevel: 10)

        #expect(markers.count == 2)
        #expect(markers.contains(.pin(krakow)))
        let cluster = try #require(clusters(in: markers).first)
        #expect(cluster.pins.map(\.id) == ["a", "b", "c"])
        #expect(cluster.accessibleName == "3 reports")
        #expect(abs(cluster.coordinate.latitude - (52.2297 + 52.2300 + 52.2291) / 3) < 1e-12)
        #expect(abs(cluster.coordinate.longitude - (21.0122 + 21.0130 + 21.0110) / 3) < 1e-12)
        #expect(markers.first { $0.id == cluster.id }?.coordinate == cluster.coordinate)
    }

    @Test func givenTheSamePins_whenClusteredAgainInAnotherOrderOrAFractionalZoom_thenTheOutputIsIdentical() {
        let pins = close + [krakow]
        let first = PinClustering.markers(for: pins, zoomLevel: 10)

        #expect(PinClustering.markers(for: pins.reversed(), zoomLevel: 10) == first)
        #expect(PinClustering.markers(for: pins.shuffled(), zoomLevel: 10.8) == first, "the grid uses floor(zoom)")
        #expect(first.map(\.id) == first.map(\.id).sorted())
    }

    @Test func givenACluster_whenZoomedToItsSeparatingLevel_thenItsPinsAreApart() throws {
        let markers = PinClustering.markers(for: close, zoomLevel: 10)
        guard case .cluster(let cluster) = try #require(markers.first) else {
            Issue.record("expected one cluster, got \(markers)")
            return
        }
        #expect(markers.count == 1)
        #expect(cluster.zoomLevelToSeparate > 10)
        #expect(cluster.zoomLevelToSeparate <= PinClustering.maximumZoomLevel)

        let separated = PinClustering.markers(for: close, zoomLevel: cluster.zoomLevelToSeparate)

        #expect(separated.count > 1, "activating the cluster shows it split")
        let higher = PinClustering.markers(for: close, zoomLevel: PinClustering.maximumZoomLevel)
        #expect(higher.allSatisfy { if case .pin = $0 { true } else { false } })
    }

    @Test func givenAnyClusterZoom_thenSeparatingIsAtLeastOneLevelDeeperAndAtMostTheMaximum() {
        for zoomLevel in [0.0, 4, 9.5, 15, 17.2] {
            for case .cluster(let cluster) in PinClustering.markers(for: close, zoomLevel: zoomLevel) {
                #expect(cluster.zoomLevelToSeparate >= zoomLevel + 1, "zoom \(zoomLevel)")
                #expect(cluster.zoomLevelToSeparate <= PinClustering.maximumZoomLevel, "zoom \(zoomLevel)")
            }
        }
    }

    @Test func givenPinsAtTheSameSpot_whenClustered_thenSeparatingAsksForTheDeepestZoom() throws {
        let twins = [
            MapPinFixtures.pin("x", at: MapPinFixtures.warsaw), MapPinFixtures.pin("y", at: MapPinFixtures.warsaw),
        ]

        let markers = PinClustering.markers(for: twins, zoomLevel: 12)

        guard case .cluster(let cluster) = try #require(markers.first) else {
            Issue.record("expected a cluster, got \(markers)")
            return
        }
        #expect(cluster.zoomLevelToSeparate == PinClustering.maximumZoomLevel)
        #expect(cluster.coordinate == MapPinFixtures.warsaw)
    }

    @Test func givenTheSamePinsAtAnotherZoom_thenClusterIdsDiffer() {
        let atTen = PinClustering.markers(for: close, zoomLevel: 10).map(\.id)
        let atEight = PinClustering.markers(for: close, zoomLevel: 8).map(\.id)
        #expect(atTen.count == 1 && atEight.count == 1)
        #expect(atTen != atEight)
    }

    private func clusters(in markers: [MapMarker]) -> [MapCluster] {
        var clusters: [MapCluster] = []
        for case .cluster(let cluster) in markers { clusters.append(cluster) }
        return clusters
    }

    @Test func givenNoPins_thenNoMarkers() {
        #expect(PinClustering.markers(for: [], zoomLevel: 10).isEmpty)
    }
}
