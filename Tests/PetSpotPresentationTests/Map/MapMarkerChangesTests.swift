// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PetSpotPresentation

@Suite struct MapMarkerChangesTests {
    private let luna = MapMarker.pin(MapPinFixtures.pin("luna", at: MapPinFixtures.warsaw))
    private let rex = MapMarker.pin(MapPinFixtures.pin("rex", at: MapPinFixtures.krakow))
    private let kiwi = MapMarker.pin(MapPinFixtures.pin("kiwi", latitude: 54.35, longitude: 18.65))

    private func cluster(_ id: String, _ pinIDs: [String]) -> MapMarker {
        .cluster(
            MapCluster(
                id: id, pins: pinIDs.map { MapPinFixtures.pin($0, at: MapPinFixtures.warsaw) }, zoomLevelToSeparate: 12)
        )
    }

    /// Applies `changes` to `shown` as the page does, and counts new widgets.
    private func apply(_ changes: MapMarkerChanges, to shown: [MapMarker]) -> (result: [MapMarker], created: Int) {
        var slots: [MapMarker?] = shown
        var created: [MapMarker] = []
        for change in changes.changes {
            switch change {
            case .update(let slot, let marker):
                #expect(slots[slot]?.kind == marker.kind, "a widget only shows its own kind")
                slots[slot] = marker
            case .create(let marker): created.append(marker)
            case .remove(let slot): slots[slot] = nil
            }
        }
        return (slots.compactMap { $0 } + created, created.count)
    }

    @Test func givenNothingShown_thenEveryMarkerIsCreated() {
        let changes = MapMarkerChanges(from: [], to: [luna, rex])

        #expect(changes.changes == [.create(luna), .create(rex)])
    }

    @Test func givenTheSameMarkers_thenNothingChanges() {
        #expect(MapMarkerChanges(from: [luna, rex], to: [rex, luna]).changes.isEmpty)
    }

    @Test func givenAMarkerGoneAndANewOneOfTheSameKind_thenItsWidgetIsReused() {
        let changes = MapMarkerChanges(from: [luna, rex], to: [luna, kiwi])

        #expect(changes.changes == [.update(slot: 1, to: kiwi)])
    }

    @Test func givenAClusterWithANewCount_thenItIsUpdatedInPlace() {
        let before = cluster("cluster/10/1/1", ["a", "b"])
        let after = cluster("cluster/10/1/1", ["a", "b", "c"])

        #expect(MapMarkerChanges(from: [before, luna], to: [after, luna]).changes == [.update(slot: 0, to: after)])
    }

    @Test func givenAZoomThatRenamesEveryCluster_thenNoWidgetIsCreated() {
        let shown = [cluster("cluster/10/1/1", ["a", "b"]), cluster("cluster/10/2/1", ["c", "d"]), luna]
        let wanted = [cluster("cluster/11/2/2", ["a", "b"]), cluster("cluster/11/4/2", ["c", "d"]), luna]

        let changes = MapMarkerChanges(from: shown, to: wanted)
        let applied = apply(changes, to: shown)

        #expect(applied.created == 0)
        #expect(Set(applied.result) == Set(wanted))
    }

    @Test func givenKindsChange_thenPinsAndClustersAreNeverSwappedAndExtrasAreRemoved() {
        let shown = [cluster("cluster/10/1/1", ["luna", "rex"]), kiwi]
        let wanted = [luna, rex]

        let changes = MapMarkerChanges(from: shown, to: wanted)
        let applied = apply(changes, to: shown)

        #expect(applied.created == 1, "kiwi's widget becomes one pin, the other pin is new")
        #expect(changes.changes.contains(.remove(slot: 0)), "the cluster's widget goes")
        #expect(Set(applied.result) == Set(wanted))
    }

    @Test func givenARepeatedWantedID_thenItsFirstMarkerIsShownOnce() {
        let twin = MapMarker.pin(MapPinFixtures.pin("luna", at: MapPinFixtures.krakow))

        let applied = apply(MapMarkerChanges(from: [], to: [luna, twin]), to: [])

        #expect(applied.result == [luna])
    }

    @Test func givenRandomScreensAndWishes_thenApplyingTheChangesShowsExactlyTheWish() {
        var generator = SystemRandomNumberGenerator()
        let pool: [MapMarker] =
            [luna, rex, kiwi] + (0..<6).map { cluster("cluster/10/\($0)/0", ["p\($0)", "q\($0)"]) }
        for _ in 0..<200 {
            let shown = pool.filter { _ in Bool.random(using: &generator) }
            let wanted = pool.filter { _ in Bool.random(using: &generator) }.shuffled(using: &generator)

            let changes = MapMarkerChanges(from: shown, to: wanted)
            let applied = apply(changes, to: shown)

            #expect(Set(applied.result) == Set(wanted))
            #expect(applied.result.count == wanted.count)
            let reusable = Dictionary(grouping: shown, by: \.kind).mapValues(\.count)
            let needed = Dictionary(grouping: wanted, by: \.kind).mapValues(\.count)
            let fewestCreations = needed.reduce(0) { $0 + max(0, $1.value - (reusable[$1.key] ?? 0)) }
            #expect(applied.created == fewestCreations, "a widget is only created when none of its kind is spare")
        }
    }
}
