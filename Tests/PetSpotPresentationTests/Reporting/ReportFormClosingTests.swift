// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// When the form's work is over: the password shown once, the form closed
/// after it unless a photo can still follow, and quitting that waits for a
/// report on its way instead of losing its password.
@MainActor
@Suite struct ReportFormClosingTests {
    let fixture = ReportFormFixture()
    let hold = CountingApplicationHold()
    var publisher: FakeReportPublisher { fixture.publisher }

    private func form() -> ReportFormViewModel {
        let form = fixture.makeForm(applicationHold: hold)
        fixture.fill(form)
        return form
    }

    private func formWithPhoto() async -> ReportFormViewModel {
        let form = form()
        form.choosePhoto(path: fixture.folder.jpeg())
        await form.waitForPhotoCheck()
        return form
    }

    @Test func givenAPublishedReport_thenItsPasswordIsShownOnceAndTheFormClosesAfterIt() async throws {
        let form = form()
        await fixture.submit(form)

        let shown = try #require(form.closing.passwordToShow)
        #expect(shown.password == "123456")
        #expect(!form.closing.isFinished, "the password is on screen")
        form.passwordSeen()
        #expect(form.closing.passwordToShow == nil)
        #expect(form.closing.isFinished)
    }

    @Test func givenAFailedPhoto_whenThePasswordIsSeen_thenTheFormStaysForRetryPhotoAndClosesWhenItWorks() async throws
    {
        let form = await formWithPhoto()
        publisher.answerPhotos(.failure(.transport(.timedOut)), .success(()))
        await fixture.submit(form)
        #expect(form.canRetryPhoto)
        #expect(form.closing.passwordToShow != nil)

        form.passwordSeen()
        #expect(!form.closing.isFinished, "Retry Photo is still to come")
        form.retryPhoto()
        await form.waitForSubmission()

        #expect(form.closing.passwordToShow == nil, "the password is not shown twice")
        #expect(form.closing.isFinished)
    }

    @Test func givenRetryPhotoWorksWhileThePasswordIsShown_thenTheFormClosesOnlyOnceItIsSeen() async throws {
        let form = await formWithPhoto()
        publisher.answerPhotos(.failure(.transport(.timedOut)), .success(()))
        await fixture.submit(form)

        form.retryPhoto()
        await form.waitForSubmission()
        #expect(!form.closing.isFinished, "the password is still on screen")
        form.passwordSeen()
        #expect(form.closing.isFinished)
    }

    @Test func givenAPhotoThatCannotFollow_whenThePasswordMessageIsSeen_thenTheFormCloses() async throws {
        let form = await formWithPhoto()
        publisher.answerPhotos(.failure(.unauthorized))
        await fixture.submit(form)
        form.passwordSeen()
        #expect(!form.closing.isFinished, "the stored password may work on a retry")

    }

    @Test func givenALostAnswerAndAPhoto_whenTheMissingPasswordIsSeen_thenTheFormCloses() async throws {
        publisher.answerPublishes(.failure(.transport(.timedOut)))
        let form = await formWithPhoto()
        await fixture.submit(form)
        let sent = try #require(publisher.publishedReports.first)
        fixture.repository.answerLists(
            .success([
                FakeReportPublisher.announcement(for: sent, id: "created", createdAt: ReportFormFixture.start)
            ]))
        form.retry()
        await form.waitForSubmission()

        #expect(
            form.closing.passwordToShow?.passwordOutcome == .missing, "the user is told the password did not arrive")
        #expect(!form.canRetryPhoto)
        form.passwordSeen()
        #expect(form.closing.isFinished)
    }

    @Test func givenAnUnseenPassword_whenANewReportIsStarted_thenThePasswordIsKept() async throws {
        let form = form()
        await fixture.submit(form)
        form.startNewReport()
        #expect(form.closing.passwordToShow?.password == "123456")
        form.passwordSeen()
        form.startNewReport()
        #expect(form.state == .editing)
        #expect(form.closing == ReportFormClosing())
    }

    @Test func givenAReportOnItsWay_whenTheUserQuits_thenTheAppWaitsForItsAnswerAndKeepsThePassword() async throws {
        let form = form()
        publisher.holdPublishes(true)
        form.submit()
        #expect(hold.held == 1, "the app is held while the report is on its way")

        #expect(!form.requestQuit(), "quitting now would lose the answer")
        #expect(await eventually { publisher.heldCount == 1 })
        publisher.releaseHeld()
        await form.waitForSubmission()

        #expect(fixture.passwords.keepCalls.map(\.password) == ["123456"])
        #expect(form.closing.passwordToShow == nil, "the keyring has it: no dialog holds up the quit")
        #expect(form.closing.isFinished)
        #expect(hold.held == 0)
        #expect(hold.releases == 1)
    }

    @Test func givenAKeyringThatFails_whenTheUserQuitsWhileSending_thenThePasswordIsShownBeforeTheFormCloses()
        async throws
    {
        let form = form()
        fixture.passwords.failKeeping(true)
        publisher.holdPublishes(true)
        form.submit()
        #expect(!form.requestQuit())
        #expect(await eventually { publisher.heldCount == 1 })
        publisher.releaseHeld()
        await form.waitForSubmission()

        #expect(form.closing.passwordToShow?.passwordOutcome == .notSaved)
        #expect(!form.closing.isFinished, "the only copy of the password is on screen")
        form.passwordSeen()
        #expect(form.closing.isFinished)
        #expect(hold.held == 0)
    }

    @Test func givenAReportOnItsWay_whenTheUserQuitsAndItFails_thenTheAppNoLongerQuitsByItself() async throws {
        let form = form()
        publisher.answerPublishes(.failure(.transport(.unreachable)))
        publisher.holdPublishes(true)
        form.submit()
        #expect(!form.requestQuit())
        #expect(form.closing.quitRequested)
        #expect(await eventually { publisher.heldCount == 1 })
        publisher.releaseHeld()
        await form.waitForSubmission()

        #expect(form.state == .failed(message: "Your report was not sent. Can't reach the PetSpot server."))
        #expect(!form.closing.quitRequested, "the report is still to be sent: the user decides")
        #expect(!form.closing.isFinished)
        #expect(hold.held == 0)
    }

    @Test func givenAPhotoOnItsWay_whenTheUserQuits_thenTheAppIsHeldUntilItIsAdded() async throws {
        let form = await formWithPhoto()
        publisher.holdPhotos(true)
        form.submit()
        #expect(await eventually { publisher.heldCount == 1 })
        #expect(!form.requestQuit())
        #expect(hold.held == 1)
        publisher.releaseHeld()
        await form.waitForSubmission()
        #expect(form.closing.isFinished)
        #expect(hold.held == 0)
    }

    /// A form editing Burek, its kept password read, with the phone changed.
    private func changedEditForm() async -> ReportFormViewModel {
        fixture.passwords.preload(password: "123456", reportID: "burek", backend: ReportFormFixture.backend)
        publisher.serveReports([ReportFormEditingTests.burek])
        let now = fixture.now
        let form = ReportFormViewModel(
            editing: ReportFormEditingTests.burek, publisher: publisher, repository: fixture.repository,
            passwords: fixture.passwords, backend: ReportFormFixture.backend, store: fixture.store,
            applicationHold: hold, now: { now.value }, timeZone: TimeZone(identifier: "Europe/Warsaw")!)
        form.start()
        await form.waitForPassword()
        form.setPhone("555 0199")
        return form
    }

    @Test func givenChangesOnTheirWay_whenTheUserQuits_thenTheAppWaitsUntilTheyAreSavedAndTheFormCloses() async {
        let form = await changedEditForm()
        publisher.holdUpdates(true)
        form.submit()
        #expect(hold.held == 1, "the app is held while the changes are on their way")

        #expect(!form.requestQuit(), "quitting now would lose the changes")
        #expect(form.closing.quitRequested)
        #expect(await eventually { publisher.heldCount == 1 })
        publisher.releaseHeld()
        await form.waitForSubmission()

        #expect(publisher.updates.map(\.changes) == [ReportChanges([.phone: .text("555 0199")])])
        #expect(form.closing.isFinished, "the form closes, and the app quits after it")
        #expect(form.closing.quitRequested)
        #expect(hold.held == 0)
        #expect(hold.releases == 1)
    }

    @Test func givenChangesOnTheirWay_whenTheUserQuitsAndTheSaveFails_thenTheAppNoLongerQuitsByItself() async {
        let form = await changedEditForm()
        publisher.answerUpdates(.failure(.transport(.unreachable)))
        publisher.holdUpdates(true)
        form.submit()
        #expect(!form.requestQuit())
        #expect(await eventually { publisher.heldCount == 1 })
        publisher.releaseHeld()
        await form.waitForSubmission()

        #expect(form.state == .failed(message: "Can't reach the PetSpot server."))
        #expect(!form.closing.quitRequested, "the changes are still to be saved: the user decides")
        #expect(!form.closing.isFinished)
        #expect(form.fields.phone == "555 0199")
        #expect(hold.held == 0)
    }

    @Test func givenNothingOnItsWay_whenTheUserQuits_thenTheAppQuitsAtOnceWithTheDraftWritten() async throws {
        let form = form()
        #expect(form.requestQuit())
        #expect(hold.holds == 0)
        #expect(fixture.draftFile.load()?.fields.petName == "Luna")
    }
}

/// Counts GApplication-style holds and releases.
@MainActor
final class CountingApplicationHold: ApplicationHold {
    private(set) var holds = 0
    private(set) var releases = 0
    var held: Int { holds - releases }
    func hold() { holds += 1 }
    func release() { releases += 1 }
}
