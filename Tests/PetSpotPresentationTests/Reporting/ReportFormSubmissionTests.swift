// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// Submitting: the states in between, the keyring, failures, and never publishing twice.
@MainActor
@Suite struct ReportFormSubmissionTests {
    let fixture = ReportFormFixture()
    var publisher: FakeReportPublisher { fixture.publisher }
    var passwords: FakeReportPasswordKeeping { fixture.passwords }
    var repository: FakeAnnouncementRepository { fixture.repository }

    @Test func givenAValidForm_whenSubmitted_thenItIsPublishedOnceAndThePasswordKept() async throws {
        let form = fixture.filledForm()
        publisher.holdPublishes(true)

        form.submit()
        #expect(form.state == .submitting(progress: "Sending report…"))
        #expect(!form.canSubmit, "Submit is disabled while in flight")
        #expect(!form.isEditable)
        form.submit()
        form.retry()
        #expect(await eventually { publisher.heldCount == 1 })
        publisher.releaseHeld()
        await form.waitForSubmission()

        #expect(publisher.publishedReports.count == 1, "the second submit was ignored")
        let sent = try #require(publisher.publishedReports.first)
        #expect(sent.petName == "Luna")
        #expect(sent.species == "CAT")
        #expect(sent.sex == .female)
        #expect(sent.age == 3)
        #expect(sent.status == .lost)
        #expect(sent.coordinate == ReportFormFixture.warsaw)
        #expect(sent.lastSeenDate == ReportFormFixture.today)
        #expect(sent.phone == nil)
        let report = try #require(form.state.submitted)
        #expect(form.state == .done(report))
        #expect(report.announcement.id == "report-1")
        #expect(report.password == "123456")
        #expect(report.passwordOutcome == .saved)
        #expect(
            passwords.keepCalls == [.init(password: "123456", reportID: "report-1", backend: ReportFormFixture.backend)]
        )
        #expect(form.fields.petName == "", "the form is empty for the next report")
        #expect(form.photo == .none)
    }

    @Test func givenAPhoto_whenSubmitted_thenItIsUploadedWithThePasswordAfterTheReport() async throws {
        let form = fixture.filledForm()
        form.choosePhoto(path: fixture.folder.jpeg())
        await form.waitForPhotoCheck()
        publisher.holdPhotos(true)

        form.submit()
        #expect(await eventually { form.state == .submitting(progress: "Uploading photo…") })
        #expect(passwords.keepCalls.count == 1, "the password is kept before the photo goes")
        let sent = try #require(publisher.publishedReports.first)
        repository.answerDetail(
            "report-1",
            .success(
                FakeReportPublisher.announcement(
                    for: sent, id: "report-1", createdAt: ReportFormFixture.start,
                    photoURL: URL(string: "http://127.0.0.1:3000/images/report-1.jpg"))))
        #expect(await eventually { publisher.heldCount == 1 })
        publisher.releaseHeld()
        await form.waitForSubmission()

        let upload = try #require(publisher.photoUploads.first)
        #expect(upload.reportID == "report-1")
        #expect(upload.password == "123456")
        #expect(upload.photo.mimeType == "image/jpeg")
        #expect(upload.photo.fileName == "luna.jpg")
        #expect(form.state.submitted?.announcement.photoURL != nil, "the report as stored with its photo")
        #expect(repository.detailCalls == ["report-1"])
    }

    @Test func givenThePhotoFails_whenRetried_thenOnlyThePhotoIsSentAgain() async throws {
        let form = fixture.filledForm()
        form.choosePhoto(path: fixture.folder.png())
        await form.waitForPhotoCheck()
        publisher.answerPhotos(.failure(.transport(.timedOut)), .success(()))

        await fixture.submit(form)

        let report = try #require(form.state.submitted)
        #expect(
            form.state
                == .photoFailed(
                    report,
                    message:
                        "The report was published, but its photo could not be added. The server took too long to answer."
                ))
        #expect(form.canRetryPhoto)
        #expect(!form.canSubmit)

        form.retryPhoto()
        #expect(form.state == .submitting(progress: "Uploading photo…"))
        await form.waitForSubmission()

        #expect(form.state.submitted?.announcement.id == "report-1")
        if case .done = form.state {} else { Issue.record("not done: \(form.state)") }
        #expect(publisher.publishedReports.count == 1)
        #expect(publisher.photoUploads.map(\.reportID) == ["report-1", "report-1"])
        #expect(publisher.photoUploads.map(\.password) == ["123456", "123456"])
    }

    @Test func givenTheKeyringFails_thenThePasswordIsStillShownWithAWarning() async throws {
        passwords.failKeeping(true)
        let form = fixture.filledForm()

        await fixture.submit(form)

        let report = try #require(form.state.submitted)
        #expect(form.state == .done(report))
        #expect(report.password == "123456")
        #expect(report.passwordOutcome == .notSaved)
        #expect(report.passwordMessage.contains("could not be saved in the keyring"))
        #expect(report.passwordMessage.contains("Write this number down"))
    }

    @Test func givenTheNetworkFails_thenEveryFieldIsKeptAndRetrySucceeds() async throws {
        publisher.answerPublishes(
            .failure(.transport(.unreachable)),
            .created(id: "second", password: "654321", createdAt: ReportFormFixture.start.addingTimeInterval(60)))
        repository.answerLists(.success([]))
        let form = fixture.filledForm()

        await fixture.submit(form)

        #expect(form.state == .failed(message: "Your report was not sent. Can't reach the PetSpot server."))
        #expect(form.fields.petName == "Luna")
        #expect(form.fields.species == .cat)
        #expect(form.fields.email == "owner@example.org")
        #expect(form.fields.location.coordinate == ReportFormFixture.warsaw)
        #expect(form.isEditable)
        #expect(form.canSubmit)

        fixture.now.advance(by: 60)
        form.retry()
        await form.waitForSubmission()

        #expect(
            repository.requestedRegions == [SearchRegion(centre: ReportFormFixture.warsaw, rangeKilometres: 1)],
            "the retry first looked for the report where it was seen")
        #expect(publisher.publishedReports.count == 2, "not found there, so sent again")
        #expect(form.state.submitted?.password == "654321")
    }

    @Test func givenTheAnswerWasLost_whenRetried_thenTheReportFoundIsTakenAndNotPublishedTwice() async throws {
        publisher.answerPublishes(.failure(.transport(.timedOut)))
        let form = fixture.filledForm()
        await fixture.submit(form)
        let sent = try #require(publisher.publishedReports.first)
        // The server did create it; its clock is a little behind ours.
        let created = FakeReportPublisher.announcement(
            for: sent, id: "created", createdAt: ReportFormFixture.start.addingTimeInterval(-20))
        repository.answerLists(
            .success([
                Fixtures.announcement("someone-else", minutes: 0),
                created,
            ]))

        fixture.now.advance(by: 30)
        form.retry()
        await form.waitForSubmission()

        #expect(publisher.publishedReports.count == 1, "never published twice")
        let report = try #require(form.state.submitted)
        #expect(form.state == .done(report))
        #expect(report.announcement.id == "created")
        #expect(report.password == nil, "no password is invented")
        #expect(report.passwordOutcome == .missing)
        #expect(report.passwordMessage == "The report was published, but its password did not arrive.")
        #expect(passwords.keepCalls.isEmpty)
    }

    @Test func givenTheAnswerWasLost_whenTheAppRestarts_thenTheNextRunStillLooksForTheReport() async throws {
        publisher.answerPublishes(.failure(.transport(.timedOut)))
        let first = fixture.filledForm()
        await fixture.submit(first)
        await first.waitForDraftWrites()
        #expect(fixture.draftFile.load()?.unconfirmedSince == ReportFormFixture.start)
        let sent = try #require(publisher.publishedReports.first)
        repository.answerLists(
            .success([
                FakeReportPublisher.announcement(
                    for: sent, id: "created", createdAt: ReportFormFixture.start.addingTimeInterval(1))
            ]))

        let second = fixture.makeForm()
        second.start()
        #expect(second.fields.petName == "Luna")
        await fixture.submit(second)

        #expect(publisher.publishedReports.count == 1, "never published twice, even across runs")
        #expect(second.state.submitted?.announcement.id == "created")
        #expect(second.state.submitted?.passwordOutcome == .missing)
        await second.waitForDraftWrites()
        #expect(!fixture.draftFile.exists)
    }

    @Test func givenTheAnswerWasLost_aMatchingReportFromBeforeTheAttemptIsSomeoneElses() async throws {
        publisher.answerPublishes(
            .failure(.transport(.timedOut)),
            .created(id: "new", password: "111111", createdAt: ReportFormFixture.start.addingTimeInterval(90)))
        let form = fixture.filledForm()
        await fixture.submit(form)
        let sent = try #require(publisher.publishedReports.first)
        let lastWeek = FakeReportPublisher.announcement(
            for: sent, id: "last-week", createdAt: ReportFormFixture.start.addingTimeInterval(-7 * 86_400))
        repository.answerLists(.success([lastWeek]))

        form.retry()
        await form.waitForSubmission()

        #expect(publisher.publishedReports.count == 2)
        #expect(form.state.submitted?.announcement.id == "new")
    }

    @Test func givenTheAnswerWasLost_whenTheSearchFailsToo_thenNothingIsPublished() async {
        publisher.answerPublishes(.failure(.transport(.timedOut)))
        repository.answerLists(.failure(.unreachable))
        let form = fixture.filledForm()
        await fixture.submit(form)

        form.retry()
        await form.waitForSubmission()

        #expect(form.state == .failed(message: "Your report was not sent. Can't reach the PetSpot server."))
        #expect(publisher.publishedReports.count == 1)
        #expect(form.fields.petName == "Luna")
    }

    @Test func givenTheAnswerWasLostAndAPhotoChosen_thenThePhotoCannotFollow() async throws {
        publisher.answerPublishes(.failure(.transport(.timedOut)))
        let form = fixture.filledForm()
        form.choosePhoto(path: fixture.folder.jpeg())
        await form.waitForPhotoCheck()
        await fixture.submit(form)
        let sent = try #require(publisher.publishedReports.first)
        repository.answerLists(
            .success([
                FakeReportPublisher.announcement(for: sent, id: "created", createdAt: ReportFormFixture.start)
            ]))

        form.retry()
        await form.waitForSubmission()

        let report = try #require(form.state.submitted)
        #expect(
            form.state
                == .photoFailed(report, message: "The photo was not added: adding it needs the report's password."))
        #expect(!form.canRetryPhoto)
        #expect(publisher.photoUploads.isEmpty)
    }

    @Test func givenTheMicrochipIsTaken_thenTheServersAnswerLandsOnThatField() async {
        publisher.answerPublishes(.failure(.rejected(field: .microchipNumber, problem: .alreadyRegistered)))
        let form = fixture.filledForm()

        await fixture.submit(form)

        #expect(form.state == .failed(message: "The server did not accept the report. Check the marked field."))
        #expect(form.message(for: .microchipNumber) == "Another report already has this microchip number")
        #expect(!form.canSubmit, "the same number would be refused again")

        form.setMicrochipNumber("616093900099999")
        #expect(form.message(for: .microchipNumber) == nil)
        #expect(form.canSubmit)
        publisher.answerPublishes(.created(id: "ok", password: "222222", createdAt: ReportFormFixture.start))
        await fixture.submit(form)
        #expect(form.state.submitted?.announcement.id == "ok")
        #expect(repository.requestedRegions.isEmpty, "a refusal is an answer: nothing to look for")
    }

    @Test func givenARefusalNamingNoField_thenTheFormSaysSo() async {
        publisher.answerPublishes(.failure(.rejected(field: nil, problem: .refusedByServer)))
        let form = fixture.filledForm()
        await fixture.submit(form)
        #expect(form.state == .failed(message: "The server did not accept the report."))
        #expect(form.canSubmit)
    }

    @Test func theNewReportAppearsOnHomeAndReportsWithoutARefresh() async throws {
        repository.answerLists(
            .success([
                Fixtures.announcement("older-lost", status: .lost, minutes: 1),
                Fixtures.announcement("older-found", status: .found, minutes: 2),
            ]))
        let home = HomeViewModel(store: fixture.store)
        let reports = ReportsViewModel(store: fixture.store)
        reports.setStatusFilter(.lost)
        home.start()
        reports.start()
        await home.recentReports.waitForCurrentLoad()
        await reports.reports.waitForCurrentLoad()
        #expect(reports.reports.cards.map(\.id) == ["older-lost"])

        publisher.answerPublishes(.created(id: "mine", password: "333333", createdAt: ReportFormFixture.start))
        let form = fixture.filledForm()
        form.setStatus(.found)
        await fixture.submit(form)

        #expect(await eventually { home.recentReports.cards.first?.id == "mine" })
        #expect(home.recentReports.cards.first?.status == .found)
        #expect(reports.reports.cards.map(\.id) == ["older-lost"], "a Found report stays out of the Lost filter")
        reports.setStatusFilter(.all)
        await reports.reports.waitForCurrentLoad()
        #expect(reports.reports.cards.map(\.id) == ["mine", "older-found", "older-lost"])
        #expect(repository.listCallCount == 1, "nothing was fetched again")
    }

    @Test func afterPublishingANewReportStartsEmpty() async {
        let form = fixture.filledForm()
        await fixture.submit(form)
        form.setPetName("ignored while the last page shows")
        #expect(form.fields.petName == "")

        form.passwordSeen()
        form.startNewReport()

        #expect(form.state == .editing)
        #expect(form.fields.species == nil)
        #expect(form.fields.location == .none)
        #expect(ReportField.allCases.allSatisfy { form.message(for: $0) == nil })
        form.setPetName("Rex")
        #expect(form.fields.petName == "Rex")
    }

    /// An edit after a lost answer makes another report: the uncorrected one
    /// the server may hold is not taken for it, and the form is not emptied.
    @Test func editsMadeAfterALostAnswerAreKept() async throws {
        fixture.publisher.answerPublishes(
            .failure(.transport(.timedOut)),
            .created(id: "corrected", password: "654321", createdAt: ReportFormFixture.start.addingTimeInterval(60)))
        let form = fixture.filledForm()
        await fixture.submit(form)
        let sent = try #require(fixture.publisher.publishedReports.first)
        let created = FakeReportPublisher.announcement(for: sent, id: "created", createdAt: ReportFormFixture.start)
        fixture.repository.answerLists(.success([created]))
        // The user fixes the description before trying again.
        form.setDescription("Grey tabby, white patch, limps on the left paw.")
        form.retry()
        await form.waitForSubmission()
        #expect(
            form.state.submitted?.announcement.description == "Grey tabby, white patch, limps on the left paw.",
            "the report taken is the one the user corrected")
        #expect(fixture.publisher.publishedReports.count == 2, "the corrected report was sent")
    }

    @Test func aPhotoWithoutAPasswordLeavesTheNextReport() async throws {
        fixture.publisher.answerPublishes(.failure(.transport(.timedOut)))
        let form = fixture.filledForm()
        form.choosePhoto(path: fixture.folder.jpeg())
        await form.waitForPhotoCheck()
        await fixture.submit(form)
        let sent = try #require(fixture.publisher.publishedReports.first)
        let created = FakeReportPublisher.announcement(for: sent, id: "created", createdAt: ReportFormFixture.start)
        fixture.repository.answerLists(.success([created]))
        form.retry()
        await form.waitForSubmission()
        // The photo cannot follow without the password; the next report can.
        #expect(!form.canRetryPhoto)
        form.passwordSeen()
        form.startNewReport()
        #expect(form.isEditable && form.state == .editing)
    }

    /// Quitting while the request is out: the draft already says it may have
    /// arrived, so the next run looks for it before sending it again; an
    /// answer (here, a refusal) settles it.
    @Test func whileSendingTheDraftSaysTheReportMayExist() async throws {
        let form = fixture.filledForm()
        publisher.holdPublishes(true)
        publisher.answerPublishes(.failure(.rejected(field: .microchipNumber, problem: .alreadyRegistered)))
        form.submit()
        #expect(await eventually { publisher.heldCount == 1 })
        form.flushDraft()
        #expect(fixture.draftFile.load()?.unconfirmedSince == ReportFormFixture.start)
        publisher.releaseHeld()
        await form.waitForSubmission()
        form.flushDraft()
        #expect(fixture.draftFile.load()?.unconfirmedSince == nil, "a refusal is an answer")
    }
}
