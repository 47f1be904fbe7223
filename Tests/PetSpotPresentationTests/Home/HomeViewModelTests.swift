// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@MainActor
@Suite struct HomeViewModelTests {
    let repository = FakeAnnouncementRepository()

    @Test func homeLoadsOnceOnStartAndReloadsOnDemand() async {
        repository.answerLists(
            .success([
                Fixtures.announcement("lost-1", name: "Luna", species: .cat, status: .lost, minutes: 1),
                Fixtures.announcement("found-1", name: "Rex", status: .found, minutes: 2),
            ]))
        let viewModel = HomeViewModel(store: AnnouncementStore(repository: repository))
        viewModel.start()
        await viewModel.recentReports.waitForCurrentLoad()
        viewModel.start()
        await viewModel.recentReports.waitForCurrentLoad()
        #expect(repository.listCallCount == 1)
        viewModel.reload()
        await viewModel.recentReports.waitForCurrentLoad()
        #expect(repository.listCallCount == 2)
    }
}
