// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@MainActor
@Suite("The Map's sighting marks while a pin's popover is open")
struct SightingMarksViewModelTests {
    let repository = FakeSightingsRepository()
    let pin = Coordinate(latitude: 52.2297, longitude: 21.0122)!

    @Test("an open popover shows its report's sightings numbered newest first, the line from the pin oldest first")
    func marks() async {
        let now = Date()
        let older = Coordinate(latitude: 52.23, longitude: 21.02)!
        let newer = Coordinate(latitude: 52.24, longitude: 21.03)!
        repository.answerList(
            "luna",
            .success(
                .sightings([
                    FakeSightingsRepository.sighting("a", of: "luna", minutesAgo: 60, now: now, at: older),
                    FakeSightingsRepository.sighting("b", of: "luna", minutesAgo: 5, now: now, at: newer),
                ])))
        let viewModel = SightingMarksViewModel(repository: repository)
        viewModel.show(reportID: "luna", at: pin)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.marks.map(\.id) == ["b", "a"])
        #expect(viewModel.marks.map(\.number) == [1, 2])
        #expect(viewModel.path == [pin, older, newer])

        viewModel.show(reportID: nil, at: nil)
        #expect(viewModel.marks.isEmpty)
        #expect(viewModel.path.isEmpty)
    }

    @Test("a backend without sightings, or a failure, shows no marks")
    func nothing() async {
        repository.answerList("luna", .success(.unsupported))
        repository.answerList("rex", .failure(.transport(.timedOut)))
        let viewModel = SightingMarksViewModel(repository: repository)
        viewModel.show(reportID: "luna", at: pin)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.marks.isEmpty)
        viewModel.show(reportID: "rex", at: pin)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.marks.isEmpty)
        #expect(viewModel.path.isEmpty)
    }
}
