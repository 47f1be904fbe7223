// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@MainActor
@Suite struct PetDetailsViewModelTests {
    let repository = FakeAnnouncementRepository()

    @Test func givenAnAnnouncement_whenLoaded_thenDetailsAreShown() async {
        var luna = Fixtures.announcement("luna", name: "Luna", species: .cat)
        luna.reward = "500 PLN"
        luna.microchipNumber = "616093900012345"
        luna.phone = "+48 555-PETS"
        luna.email = "anna@example.org"
        repository.answerDetail("luna", .success(luna))
        let viewModel = PetDetailsViewModel(repository: repository, userLocation: nil)

        viewModel.load(id: "luna")
        #expect(viewModel.state == .loading)
        await viewModel.waitForCurrentLoad()

        guard case .loaded(let details) = viewModel.state else {
            Issue.record("expected details, got \(viewModel.state)")
            return
        }
        #expect(details.title == "Luna")
        #expect(details.reward == "500 PLN")
        #expect(details.microchipNumber == "616093900012345")
        #expect(details.phoneURI == "tel:+48555PETS")
        #expect(details.emailURI == "mailto:anna@example.org")
        #expect(repository.detailCalls == ["luna"], "details come from the details endpoint")
    }

    @Test func givenTheReportShown_whenThisAppChangesIt_thenThePageShowsTheChangeWithoutAFetch() async {
        var luna = Fixtures.announcement("luna", name: "Luna", species: .cat)
        luna.phone = "555 0101"
        repository.answerDetail("luna", .success(luna))
        let viewModel = PetDetailsViewModel(repository: repository, userLocation: nil)
        viewModel.load(id: "luna")
        await viewModel.waitForCurrentLoad()

        var other = Fixtures.announcement("other", name: "Other")
        other.phone = "555 0000"
        viewModel.reportChanged(other)
        var closed = luna
        closed.status = .closed
        closed.phone = "555 0199"
        viewModel.reportChanged(closed)

        guard case .loaded(let details) = viewModel.state else {
            Issue.record("expected details, got \(viewModel.state)")
            return
        }
        #expect(details.title == "Luna", "another report's change leaves the page alone")
        #expect(details.status == .closed)
        #expect(details.phone == "555 0199")
        #expect(viewModel.shownAnnouncement == closed, "the poster prints the changed report")
        #expect(repository.detailCalls == ["luna"], "no second fetch")
    }

    @Test func givenADeletedReport_whenLoaded_thenNotFoundMessage() async {
        let viewModel = PetDetailsViewModel(repository: repository, userLocation: nil)
        viewModel.load(id: "gone")
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .failed(message: "This report no longer exists.", isNotFound: true))
    }

    /// AsyncHTTPClient reports some failures of its own as a cancellation:
    /// nobody cancelled this load, so the page must not spin forever.
    @Test func givenALoadThatEndsCancelledByItself_thenAnErrorWithRetryNotASpinner() async {
        repository.answerDetail("luna", .failure(.cancelled))
        let viewModel = PetDetailsViewModel(repository: repository, userLocation: nil)
        viewModel.load(id: "luna")
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .failed(message: RepositoryError.cancelled.userMessage, isNotFound: false))
    }

    @Test func givenAFailure_whenRetried_thenLoadsAgain() async {
        repository.answerDetail("luna", .failure(.timedOut))
        let viewModel = PetDetailsViewModel(repository: repository, userLocation: nil)
        viewModel.load(id: "luna")
        await viewModel.waitForCurrentLoad()
        #expect(viewModel.state == .failed(message: RepositoryError.timedOut.userMessage, isNotFound: false))

        repository.answerDetail("luna", .success(Fixtures.announcement("luna", name: "Luna")))
        viewModel.retry()
        await viewModel.waitForCurrentLoad()
        if case .loaded(let details) = viewModel.state {
            #expect(details.id == "luna")
        } else {
            Issue.record("expected details after retry, got \(viewModel.state)")
        }
    }
}
