// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@MainActor
@Suite("The details page's Sightings")
struct SightingsViewModelTests {
    let repository = FakeSightingsRepository()
    let luna = Fixtures.announcement("luna", name: "Luna", species: .cat)

    @Test("a report's sightings are listed newest first, numbered, with their distance from where it was last seen")
    func listed() async throws {
        let now = Date()
        repository.answerList(
            "luna",
            .success(
                .sightings([
                    FakeSightingsRepository.sighting("old", of: "luna", minutesAgo: 90, now: now, note: "by the shop"),
                    FakeSightingsRepository.sighting(
                        "new", of: "luna", minutesAgo: 10, now: now,
                        at: Coordinate(latitude: 52.2297, longitude: 21.0122)!),
                ])))
        let viewModel = SightingsViewModel(repository: repository, locale: Locale(identifier: "en_GB"))
        viewModel.show(luna)
        #expect(viewModel.state == .loading)
        await viewModel.waitForCurrentLoad()
        guard case .loaded(let rows) = viewModel.state else {
            Issue.record("\(viewModel.state)")
            return
        }
        #expect(rows.map(\.id) == ["new", "old"])
        #expect(rows.map(\.number) == [1, 2])
        #expect(rows[0].distance == "0.0 km from where it was last seen")
        #expect(rows[1].note == "by the shop")
        #expect(rows[1].accessibleName.contains("by the shop"))
        #expect(viewModel.canReport)
    }

    @Test("a backend without sightings hides the section and the button: not an error")
    func unsupported() async {
        repository.answerList("luna", .success(.unsupported))
        let viewModel = SightingsViewModel(repository: repository)
        viewModel.show(luna)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .hidden)
        #expect(!viewModel.canReport)
    }

    @Test("no sightings is an empty list; a failure says so and Retry asks again")
    func emptyAndFailure() async {
        repository.answerList("luna", .failure(.transport(.unreachable)))
        let viewModel = SightingsViewModel(repository: repository)
        viewModel.show(luna)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .failed(message: RepositoryError.unreachable.userMessage))
        repository.answerList("luna", .success(.sightings([])))
        viewModel.retry()
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .loaded([]))
    }

    @Test("a sighting sent from this app shows at once, in its place by time")
    func addedWithoutReload() async {
        let now = Date()
        repository.answerList(
            "luna", .success(.sightings([FakeSightingsRepository.sighting("a", of: "luna", minutesAgo: 30, now: now)])))
        let viewModel = SightingsViewModel(repository: repository)
        viewModel.show(luna)
        await viewModel.waitForCurrentLoad()
        viewModel.added(FakeSightingsRepository.sighting("b", of: "luna", minutesAgo: 5, now: now))
        viewModel.added(FakeSightingsRepository.sighting("c", of: "luna", minutesAgo: 60, now: now))
        viewModel.added(FakeSightingsRepository.sighting("x", of: "other", minutesAgo: 1, now: now))
        guard case .loaded(let rows) = viewModel.state else {
            Issue.record("\(viewModel.state)")
            return
        }
        #expect(rows.map(\.id) == ["b", "a", "c"])
    }

    @Test("a closed report lists its sightings but offers no I Saw This Pet")
    func closedReport() async {
        var closed = luna
        closed.status = .closed
        let viewModel = SightingsViewModel(repository: repository)
        viewModel.show(closed)
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .loaded([]))
        #expect(!viewModel.canReport)
    }

    @Test("another report replaces the list; a late answer for the first one is dropped")
    func anotherReport() async {
        let viewModel = SightingsViewModel(repository: repository)
        repository.answerList(
            "luna", .success(.sightings([FakeSightingsRepository.sighting("a", of: "luna", minutesAgo: 3)])))
        viewModel.show(luna)
        viewModel.show(Fixtures.announcement("rex"))
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .loaded([]))
        viewModel.show(nil)
        #expect(viewModel.state == .hidden)
    }
}
