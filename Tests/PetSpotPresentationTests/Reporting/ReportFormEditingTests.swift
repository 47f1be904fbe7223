// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// The report form editing a report: filled from it, sending only what
/// changed with the kept (or typed) password, and keeping every value when
/// the change fails.
@MainActor
@Suite struct ReportFormEditingTests {
    let fixture = ReportFormFixture()
    var publisher: FakeReportPublisher { fixture.publisher }
    var passwords: FakeReportPasswordKeeping { fixture.passwords }

    static let burek = Announcement(
        id: "burek", petName: "Burek", species: .dog, breed: "Mixed", sex: .male, age: 4,
        description: "Brown, white paws", coordinate: ReportFormFixture.warsaw,
        lastSeenDate: CalendarDay(year: 2027, month: 1, day: 10)!, phone: "555 0101", status: .lost,
        createdAt: ReportFormFixture.start.addingTimeInterval(-3600))

    /// A form editing Burek whose keyring read has finished.
    func editForm(keptPassword: String? = "123456") async -> ReportFormViewModel {
        if let keptPassword {
            passwords.preload(password: keptPassword, reportID: "burek", backend: ReportFormFixture.backend)
        }
        publisher.serveReports([Self.burek])
        let now = fixture.now
        let form = ReportFormViewModel(
            editing: Self.burek, publisher: publisher, repository: fixture.repository, passwords: passwords,
            backend: ReportFormFixture.backend, store: fixture.store, now: { now.value },
            timeZone: TimeZone(identifier: "Europe/Warsaw")!)
        form.start()
        await form.waitForPassword()
        return form
    }

    @Test func givenAReport_whenTheEditFormOpens_thenItShowsTheReportAndNothingCanBeSavedYet() async {
        let form = await editForm()

        #expect(form.fields == ReportFormValues(editing: Self.burek))
        #expect(form.fields.petName == "Burek")
        #expect(form.fields.phone == "555 0101")
        #expect(form.fields.age == "4")
        #expect(form.password == .kept("123456"))
        #expect(form.changes?.isEmpty == true)
        #expect(!form.canSubmit, "nothing changed")
        #expect(passwords.passwordLookups == ["burek"])
    }

    @Test func givenOnlyThePhoneChanged_whenSaved_thenOnlyThePhoneIsSentAndEveryListShowsTheChange() async {
        fixture.repository.answerLists(.success([Self.burek]))
        _ = await fixture.store.refresh()
        let form = await editForm()
        var saved: [Announcement] = []
        form.onChangesSaved = { saved.append($0) }

        form.setPhone("555 0199")
        #expect(form.canSubmit)
        await fixture.submit(form)

        #expect(
            publisher.updates
                == [.init(reportID: "burek", changes: ReportChanges([.phone: .text("555 0199")]), password: "123456")])
        guard case .saved(let changed) = form.state else {
            Issue.record("not saved: \(form.state)")
            return
        }
        #expect(changed.phone == "555 0199")
        #expect(changed.petName == "Burek")
        #expect(saved == [changed])
        #expect(form.closing.isFinished, "the form closes")
        #expect(fixture.store.latest?.announcements == [changed], "Home, Reports and the Map show it at once")
        #expect(passwords.keepCalls.isEmpty, "the kept password stays as it is")
    }

    @Test func givenNoKeptPassword_thenTheFormAsksForItAndKeepsItOnceItWorks() async {
        let form = await editForm(keptPassword: nil)
        #expect(form.password == .typed(""))
        #expect(form.password.isAsked)

        form.setReward("100 PLN")
        #expect(!form.canSubmit, "no password yet")
        form.setPassword("654321")
        #expect(form.canSubmit)
        await fixture.submit(form)

        #expect(publisher.updates.map(\.password) == ["654321"])
        #expect(
            passwords.keepCalls
                == [.init(password: "654321", reportID: "burek", backend: ReportFormFixture.backend)])
    }

    @Test func givenABackendWithoutTheEndpoint_whenSaved_thenTheEditStaysWithAMessageRetryCannotHelp() async {
        let form = await editForm()
        publisher.answerUpdates(.failure(.unsupported))

        form.setPhone("555 0199")
        await fixture.submit(form)

        #expect(form.state == .failed(message: "This PetSpot server cannot change reports."))
        #expect(form.failureIsFinal)
        #expect(form.fields.phone == "555 0199", "the edit is kept")
        #expect(form.isEditable)
        #expect(!form.closing.isFinished)
    }

    @Test func givenAKeptPasswordTheServerRefuses_thenTheFormAsksForThePassword() async {
        let form = await editForm()
        publisher.answerUpdates(.failure(.unauthorized), .success(nil))

        form.setPhone("555 0199")
        await fixture.submit(form)

        #expect(form.state == .failed(message: "The kept password was not accepted. Enter the report's password."))
        #expect(form.password == .typed(""))
        #expect(!form.failureIsFinal)
        form.setPassword("111111")
        form.retry()
        await form.waitForSubmission()
        #expect(publisher.updates.map(\.password) == ["123456", "111111"])
        if case .saved = form.state {} else { Issue.record("not saved: \(form.state)") }
    }

    @Test func givenAFieldTheServerRefuses_thenItsRowSaysSoAndTheOtherFailuresSayWhatHappened() async {
        let form = await editForm()
        publisher.answerUpdates(.failure(.rejected(field: .phone, problem: .refusedByServer)))
        form.setPhone("555 0199")
        await fixture.submit(form)
        #expect(form.message(for: .phone) == "The server did not accept this value")
        #expect(form.state == .failed(message: "The server did not accept the changes. Check the marked field."))

        for (error, message) in [
            (ReportUpdateError.closed, "This report is closed and can no longer be changed."),
            (.notFound, "This report no longer exists."),
            (.tooManyAttempts, "Too many wrong passwords for this report. Try again later."),
        ] {
            let other = await editForm()
            publisher.answerUpdates(.failure(error))
            other.setReward("1 PLN")
            await fixture.submit(other)
            #expect(other.state == .failed(message: message))
            #expect(other.fields.reward == "1 PLN")
        }
    }
}
