import Testing
@testable import PetSpotPresentation
import PetSpotDomain
import PetSpotTestSupport

@MainActor
@Suite struct LandingPageViewModelTests {
    let repository = FakeAnnouncementRepository()

    @Test func landingPageLoadsOnceOnStartAndReloadsOnDemand() async {
        repository.answerLists(.success([
            Fixtures.announcement("lost-1", name: "Luna", species: .cat, status: .lost, minutes: 1),
            Fixtures.announcement("found-1", name: "Rex", status: .found, minutes: 2),
        ]))
        let viewModel = LandingPageViewModel(store: AnnouncementStore(repository: repository))
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
