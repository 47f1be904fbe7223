// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// A report this app closes or edits changes its pin at once, without a fetch.
@MainActor
@Suite struct MapReportChangeTests {
    @Test func givenAPinShown_whenItsReportIsClosedHere_thenThePinIsClosedWithoutAFetch() async {
        let repository = FakeAnnouncementRepository()
        let luna = Fixtures.announcement("luna", name: "Luna", minutes: 1)
        let rex = Fixtures.announcement("rex", name: "Rex", status: .found, minutes: 2)
        repository.answerLists(.success([luna, rex]))
        let store = AnnouncementStore(repository: repository, locale: Locale(identifier: "en_GB"))
        let map = MapViewModel(store: store, clock: ManualClock(), locale: Locale(identifier: "en_GB"))
        map.start()
        await map.waitForCurrentLoad()
        #expect(map.pins.first { $0.id == "luna" }?.status == .lost)
        let fetches = repository.listCallCount

        var closed = luna
        closed.status = .closed
        await store.insert(closed)

        #expect(await eventually { map.pins.first { $0.id == "luna" }?.status == .closed })
        #expect(map.pins.first { $0.id == "rex" }?.status == .found)
        #expect(repository.listCallCount == fetches, "nothing fetched")
    }
}
