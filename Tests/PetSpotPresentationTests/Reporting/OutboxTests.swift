// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain
import PetSpotLocking
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// Reports submitted while the backend cannot be reached: kept on disk,
/// sent exactly once when it answers, never posted again after a lost answer.
@MainActor
@Suite struct OutboxTests {
    let fixture = ReportFormFixture()
    var publisher: FakeReportPublisher { fixture.publisher }
    var repository: FakeAnnouncementRepository { fixture.repository }
    var passwords: FakeReportPasswordKeeping { fixture.passwords }
    let file: PendingReportFile
    /// Every wait the outbox asked for before trying again; no wait ends by itself.
    let waits = Locked([Duration]())

    init() {
        file = PendingReportFile(
            fileURL: fixture.folder.file("data/petspot/pending-reports.json"), logger: fixture.log.logger)
    }

    func makeOutbox(
        backend: String = ReportFormFixture.backend, applicationHold: (any ApplicationHold)? = nil
    ) -> Outbox {
        let now = fixture.now
        let waits = waits
        let outbox = Outbox(
            publisher: publisher, repository: repository, passwords: passwords, backend: backend,
            store: fixture.store, file: file, applicationHold: applicationHold, now: { now.value },
            wait: { delay in
                waits.withLock { $0.append(delay) }
                try? await Task.sleep(for: .seconds(3600))
            })
        outbox.start()
        return outbox
    }

    func makeForm(outbox: Outbox) -> ReportFormViewModel {
        let now = fixture.now
        return ReportFormViewModel(
            publisher: publisher, repository: repository, passwords: passwords, backend: ReportFormFixture.backend,
            store: fixture.store, draftFile: fixture.draftFile, now: { now.value },
            timeZone: TimeZone(identifier: "Europe/Warsaw")!, outbox: outbox)
    }

    /// Luna's report, submitted while the backend cannot be reached, then Send When Online.
    func submitOffline(_ outbox: Outbox, photo: Bool = false) async -> ReportFormViewModel {
        publisher.answerPublishes(.failure(.transport(.unreachable)))
        let form = makeForm(outbox: outbox)
        fixture.fill(form)
        if photo {
            form.choosePhoto(path: fixture.folder.png())
            await form.waitForPhotoCheck()
        }
        await fixture.submit(form)
        #expect(form.canSendWhenOnline)
        form.sendWhenOnline()
        return form
    }

    func created(_ report: NewReport, id: String, after seconds: TimeInterval) -> Announcement {
        FakeReportPublisher.announcement(
            for: report, id: id, createdAt: ReportFormFixture.start.addingTimeInterval(seconds))
    }

    @Test("an offline submit offers Send When Online beside Retry, every field kept")
    func offlineSubmitOffersSendWhenOnline() async {
        let outbox = makeOutbox()
        publisher.answerPublishes(.failure(.transport(.unreachable)))
        let form = makeForm(outbox: outbox)
        fixture.fill(form)
        await fixture.submit(form)

        #expect(form.state == .failed(message: "Your report was not sent. Can't reach the PetSpot server."))
        #expect(form.fields.petName == "Luna")
        #expect(form.canSubmit, "Retry stays")
        #expect(form.canSendWhenOnline)
        #expect(outbox.reports.isEmpty, "nothing waits until the user says so")
        form.setEmail("owner")
        #expect(!form.canSendWhenOnline, "not while the form breaks a rule")
    }

    @Test("Send When Online keeps the report pending, on disk, and empties the form")
    func offlineSubmitKeepsItPending() async throws {
        let outbox = makeOutbox()
        let form = await submitOffline(outbox)

        #expect(form.state == .editing)
        #expect(form.queuedForLater)
        #expect(form.fields.petName == "", "the form is empty for the next report")
        let pending = try #require(outbox.reports.first)
        #expect(outbox.reports.count == 1)
        #expect(pending.title == "Luna")
        #expect(pending.statusText == "Will be sent when online")
        #expect(pending.fields.lastSeenDate == ReportFormFixture.today, "today is fixed to the day it was submitted")
        #expect(pending.unconfirmedSince == ReportFormFixture.start, "the failed attempt still counts as one")
        #expect(file.load() == [pending])
        #expect(publisher.publishedReports.count == 1)
        #expect(await eventually { waits.withLock { $0 } == [.seconds(2)] }, "it tries again after the first delay")
        await form.waitForDraftWrites()
        #expect(fixture.draftFile.load() == nil, "the report is in the outbox, not in the draft")
    }

    @Test("without an outbox an offline submit fails with Retry, as before")
    func withoutAnOutboxTheFailureStays() async {
        publisher.answerPublishes(.failure(.transport(.unreachable)))
        let form = fixture.filledForm()
        await fixture.submit(form)
        #expect(form.state == .failed(message: "Your report was not sent. Can't reach the PetSpot server."))
        #expect(!form.canSendWhenOnline)
    }

    @Test("a refusal or a lost answer in the form offers no Send When Online")
    func onlyUnreachableIsQueued() async {
        let outbox = makeOutbox()
        publisher.answerPublishes(.failure(.transport(.timedOut)))
        let form = makeForm(outbox: outbox)
        fixture.fill(form)
        await fixture.submit(form)
        #expect(form.state == .failed(message: "Your report was not sent. The server took too long to answer."))
        #expect(!form.canSendWhenOnline, "the request may have arrived: Retry looks for it first")
        form.sendWhenOnline()
        #expect(outbox.reports.isEmpty)

        publisher.answerPublishes(.failure(.rejected(field: nil, problem: .missing)))
        form.retry()
        await form.waitForSubmission()
        #expect(form.state == .failed(message: "The server did not accept the report."))
        #expect(!form.canSendWhenOnline)
    }

    @Test("back online, a successful fetch sends it once with its password and photo")
    func backOnlineSendsOnce() async throws {
        let outbox = makeOutbox()
        var told: [String] = []
        outbox.onSent = { told.append($0) }
        _ = await submitOffline(outbox, photo: true)
        let pendingID = try #require(outbox.reports.first?.id)
        await outbox.waitUntilIdle()
        #expect(FileManager.default.fileExists(atPath: file.photoURL(for: pendingID).path))
        publisher.answerPublishes(
            .failure(.transport(.unreachable)),
            .created(id: "sent-1", password: "246810", createdAt: ReportFormFixture.start.addingTimeInterval(60)))
        repository.answerLists(.success([]))
        let sentReport = try #require(publisher.publishedReports.first)
        repository.answerDetail("sent-1", .success(created(sentReport, id: "sent-1", after: 60)))

        _ = await fixture.store.refresh()
        await outbox.waitUntilIdle()

        #expect(publisher.publishedReports.count == 2, "the form's attempt and the outbox's one")
        #expect(
            repository.requestedRegions.contains(SearchRegion(centre: ReportFormFixture.warsaw, rangeKilometres: 1)),
            "it looked for the report first, as the attempt that failed may have arrived")
        #expect(
            passwords.keepCalls == [.init(password: "246810", reportID: "sent-1", backend: ReportFormFixture.backend)])
        #expect(publisher.photoUploads.map(\.reportID) == ["sent-1"])
        #expect(publisher.photoUploads.map(\.password) == ["246810"])
        #expect(outbox.reports.isEmpty)
        #expect(file.load().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file.fileURL.path))
        #expect(!FileManager.default.fileExists(atPath: file.photoURL(for: pendingID).path))
        #expect(fixture.store.latest?.announcements.map(\.id) == ["sent-1"], "shown in every list")
        #expect(told == ["Your report of Luna was sent"])

        outbox.sendNow()
        _ = await fixture.store.refresh()
        await outbox.waitUntilIdle()
        #expect(publisher.publishedReports.count == 2, "nothing is sent again")
    }

    @Test("two triggers at once still make one request")
    func twoTriggersOnePost() async throws {
        let outbox = makeOutbox()
        _ = await submitOffline(outbox)
        publisher.answerPublishes(
            .failure(.transport(.unreachable)),
            .created(id: "sent-1", password: "246810", createdAt: ReportFormFixture.start.addingTimeInterval(60)))
        repository.answerLists(.success([]))
        publisher.holdPublishes(true)

        outbox.sendNow()
        outbox.sendNow()
        _ = await fixture.store.refresh()
        #expect(await eventually { publisher.heldCount == 1 })
        outbox.sendNow()
        publisher.releaseHeld()
        await outbox.waitUntilIdle()

        #expect(publisher.publishedReports.count == 2, "the form's attempt and one more")
        #expect(outbox.reports.isEmpty)
        #expect(passwords.keepCalls.count == 1)
    }

    @Test("a report added while a pass is under way is sent by one more pass")
    func addedDuringAPass() async throws {
        let outbox = makeOutbox()
        let form = await submitOffline(outbox)
        publisher.answerPublishes(
            .failure(.transport(.unreachable)),
            .created(id: "sent-1", password: "111111", createdAt: ReportFormFixture.start),
            .created(id: "sent-2", password: "222222", createdAt: ReportFormFixture.start))
        repository.answerLists(.success([]))
        publisher.holdPublishes(true)
        outbox.sendNow()
        #expect(await eventually { publisher.heldCount == 1 })

        fixture.fill(form)
        form.setPetName("Mia")
        var second = form.fields
        second.lastSeenDate = ReportFormFixture.today
        outbox.add(fields: second, photo: nil, unconfirmedSince: nil)
        publisher.releaseHeld()
        #expect(await eventually { publisher.heldCount == 1 })
        publisher.releaseHeld()
        await outbox.waitUntilIdle()

        #expect(publisher.publishedReports.map(\.petName) == ["Luna", "Luna", "Mia"])
        #expect(outbox.reports.isEmpty)
        #expect(passwords.keepCalls.map(\.reportID) == ["sent-1", "sent-2"])
    }

    @Test("a lost answer is not posted again: the report found on the server is taken")
    func lostAnswerNotReposted() async throws {
        let outbox = makeOutbox()
        var told: [String] = []
        outbox.onSent = { told.append($0) }
        _ = await submitOffline(outbox)
        let sent = try #require(publisher.publishedReports.first)
        publisher.answerPublishes(.failure(.transport(.unreachable)), .failure(.transport(.timedOut)))
        // The outbox's request arrives, its answer does not; the server's clock is a little behind.
        repository.answerLists(.success([]), .success([created(sent, id: "arrived", after: -30)]))

        outbox.sendNow()
        await outbox.waitUntilIdle()
        #expect(publisher.publishedReports.count == 2)
        #expect(outbox.reports.count == 1, "still waiting: the answer was lost")
        #expect(file.load().first?.unconfirmedSince == ReportFormFixture.start)

        outbox.sendNow()
        await outbox.waitUntilIdle()

        #expect(publisher.publishedReports.count == 2, "found on the server, so not posted again")
        #expect(outbox.reports.isEmpty)
        #expect(passwords.keepCalls.isEmpty, "the password never arrived")
        #expect(fixture.store.latest == nil || fixture.store.latest?.announcements.map(\.id) == ["arrived"])
        #expect(told == ["Your report of Luna was published, but its password did not arrive"])
    }

    @Test("a report pending at start is sent; another backend's stays")
    func restartPicksItUp() async throws {
        let first = makeOutbox()
        _ = await submitOffline(first)
        let other = PendingReport(
            backend: "http://elsewhere.example", fields: try #require(first.reports.first).fields,
            queuedAt: ReportFormFixture.start)
        file.save(file.load() + [other])
        publisher.answerPublishes(
            .created(id: "sent-1", password: "246810", createdAt: ReportFormFixture.start.addingTimeInterval(60)))
        repository.answerLists(.success([]))

        let next = makeOutbox()
        #expect(next.reports.count == 1, "only this backend's")
        await next.waitUntilIdle()

        #expect(publisher.publishedReports.count == 2)
        #expect(passwords.keepCalls.map(\.reportID) == ["sent-1"])
        #expect(next.reports.isEmpty)
        #expect(file.load() == [other], "another backend's report is kept for it")
    }

    @Test("a damaged file is ignored and replaced")
    func corruptFileIgnoredAndReplaced() async throws {
        try FileManager.default.createDirectory(
            at: file.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"reports\": [{\"id\": 3".utf8).write(to: file.fileURL)

        let outbox = makeOutbox()
        #expect(outbox.reports.isEmpty)
        #expect(fixture.log.messages(at: .warning).contains("Ignoring an unreadable list of pending reports"))

        _ = await submitOffline(outbox)
        #expect(file.load().map(\.title) == ["Luna"])
    }

    @Test("a refusal keeps the report with its reason, never sent again, and it can be discarded")
    func refusalIsKeptAndDiscarded() async throws {
        let outbox = makeOutbox()
        _ = await submitOffline(outbox)
        publisher.answerPublishes(
            .failure(.transport(.unreachable)), .failure(.rejected(field: nil, problem: .missing)))
        repository.answerLists(.success([]))

        outbox.sendNow()
        await outbox.waitUntilIdle()
        let refused = try #require(outbox.reports.first)
        #expect(refused.statusText == "Not sent. The server did not accept the report.")
        #expect(refused.unconfirmedSince == ReportFormFixture.start)

        outbox.sendNow()
        await outbox.waitUntilIdle()
        #expect(publisher.publishedReports.count == 2, "a refused report is not sent again")

        outbox.discard(id: refused.id)
        #expect(outbox.reports.isEmpty)
        #expect(file.load().isEmpty)
    }

    @Test("the wait doubles while the backend cannot be reached, up to a minute")
    func backoff() async {
        #expect(Outbox.retryDelay(afterFailures: 1) == .seconds(2))
        #expect(Outbox.retryDelay(afterFailures: 2) == .seconds(4))
        #expect(Outbox.retryDelay(afterFailures: 5) == .seconds(32))
        #expect(Outbox.retryDelay(afterFailures: 6) == .seconds(60))
        #expect(Outbox.retryDelay(afterFailures: 40) == .seconds(60))

        let outbox = makeOutbox()
        _ = await submitOffline(outbox)
        repository.answerLists(.failure(.unreachable))
        outbox.sendNow()
        await outbox.waitUntilIdle()
        #expect(await eventually { waits.withLock { $0 } == [.seconds(2), .seconds(4)] })
        #expect(publisher.publishedReports.count == 1, "the lookup failed, so nothing was posted")
    }
}

/// Quitting while the outbox sends: the answer and its password are not lost.
@MainActor
@Suite struct OutboxQuitTests {
    let base = OutboxTests()
    let hold = CountingApplicationHold()

    @Test("the app is held from the start of a send until its password is kept, and a quit waits for it")
    func holdsTheAppWhileSending() async throws {
        let outbox = base.makeOutbox(applicationHold: hold)
        let form = await base.submitOffline(outbox)
        base.fixture.fill(form)
        form.setPetName("Mia")
        var second = form.fields
        second.lastSeenDate = ReportFormFixture.today
        outbox.add(fields: second, photo: nil, unconfirmedSince: nil)
        base.publisher.answerPublishes(
            .failure(.transport(.unreachable)),
            .created(id: "sent-1", password: "111111", createdAt: ReportFormFixture.start),
            .created(id: "sent-2", password: "222222", createdAt: ReportFormFixture.start))
        base.repository.answerLists(.success([]))
        base.publisher.holdPublishes(true)
        outbox.sendNow()
        #expect(await eventually { base.publisher.heldCount == 1 })
        #expect(hold.held == 1, "held while the request is under way")

        #expect(!outbox.stopForQuit(), "a quit waits for the report under way")
        base.publisher.releaseHeld()
        await outbox.waitUntilIdle()

        #expect(hold.held == 0)
        #expect(hold.holds >= 1)
        #expect(base.passwords.keepCalls.map(\.reportID) == ["sent-1"], "its password was kept before the quit")
        #expect(base.publisher.publishedReports.map(\.petName) == ["Luna", "Luna"], "Mia waits for the next run")
        #expect(outbox.reports.map(\.title) == ["Mia"])
        outbox.sendNow()
        #expect(outbox.sendingID == nil, "nothing starts while quitting")
    }

    @Test("a report found after a lost answer says its password did not arrive")
    func lookupSaysThePasswordIsUnknown() {
        #expect(
            Outbox.sentMessage(name: "Luna", password: nil, passwordKept: true, photoAdded: true)
                == "Your report of Luna was published, but its password did not arrive")
        #expect(
            Outbox.sentMessage(name: "Luna", password: nil, passwordKept: true, photoAdded: false)
                == "Your report of Luna was published without its photo: its password did not arrive")
    }
}

/// The mark that a report may be created is on disk before its request leaves.
@MainActor
@Suite struct OutboxMarkTests {
    let base = OutboxTests()

    @Test("when the mark cannot be written nothing is posted; the report waits and is tried again")
    func noPostWithoutTheMark() async throws {
        let outbox = base.makeOutbox()
        _ = await base.submitOffline(outbox)
        // The form's attempt counts as a mark already: this report is a fresh one.
        let pending = try #require(outbox.reports.first)
        outbox.discard(id: pending.id)
        outbox.add(fields: pending.fields, photo: nil, unconfirmedSince: nil)
        // The list's path is taken by a folder: writing it fails.
        try FileManager.default.removeItem(at: base.file.fileURL)
        try FileManager.default.createDirectory(
            at: base.file.fileURL.appendingPathComponent("in-the-way"), withIntermediateDirectories: true)
        base.publisher.answerPublishes(
            .created(id: "sent-1", password: "246810", createdAt: ReportFormFixture.start))

        outbox.sendNow()
        await outbox.waitUntilIdle()

        #expect(base.publisher.publishedReports.count == 1, "only the form's attempt: the mark was not on disk")
        #expect(outbox.reports.count == 1, "still waiting")
        #expect(outbox.reports.first?.unconfirmedSince == nil)
        #expect(base.fixture.log.messages(at: .warning).contains("Could not save the pending reports"))
        #expect(await eventually { base.waits.withLock { $0 }.count >= 2 }, "tried again later")
    }
}

/// Reading the list back: one bad report loses no other, and what cannot be
/// read is kept aside rather than overwritten; how many can wait is capped.
@MainActor
@Suite struct OutboxFileTests {
    let base = OutboxTests()
    var file: PendingReportFile { base.file }

    func writeFile(_ text: String) throws {
        try FileManager.default.createDirectory(
            at: file.fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file.fileURL)
    }

    @Test("an unreadable report is skipped, the others kept, and the list as found is copied aside")
    func oneBadEntryKeepsTheOthers() async throws {
        let outbox = base.makeOutbox()
        _ = await base.submitOffline(outbox)
        let good = try String(contentsOf: file.fileURL, encoding: .utf8)
        let mixed = good.replacingOccurrences(of: "\"reports\":[", with: "\"reports\":[{\"id\":3},")
        #expect(mixed != good)
        try writeFile(mixed)

        let loaded = file.load()
        #expect(loaded.map(\.title) == ["Luna"])
        #expect(try String(contentsOf: file.damagedFileURL, encoding: .utf8) == mixed)
        #expect(base.fixture.log.messages(at: .warning).contains("Skipping unreadable pending reports"))
    }

    @Test("a list that cannot be read at all, or is too large, is moved aside, not overwritten")
    func unreadableListIsMovedAside() async throws {
        let damaged = "{\"reports\": [{\"id\": 3"
        try writeFile(damaged)
        let outbox = base.makeOutbox()
        #expect(outbox.reports.isEmpty)
        #expect(try String(contentsOf: file.damagedFileURL, encoding: .utf8) == damaged)
        _ = await base.submitOffline(outbox)
        #expect(try String(contentsOf: file.damagedFileURL, encoding: .utf8) == damaged, "still there after a write")

        try writeFile(String(repeating: " ", count: PendingReportFile.maximumBytes + 1))
        #expect(file.load().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file.fileURL.path))
        #expect(try Data(contentsOf: file.damagedFileURL).count == PendingReportFile.maximumBytes + 1)
    }

    @Test("at most twenty reports wait; the form says so and keeps every field")
    func capOnWaitingReports() async throws {
        #expect(Outbox.maximumReports == 20)
        let outbox = base.makeOutbox()
        let form = await base.submitOffline(outbox)
        let fields = try #require(outbox.reports.first).fields
        for _ in 1..<Outbox.maximumReports {
            #expect(outbox.add(fields: fields, photo: nil, unconfirmedSince: nil) != nil)
        }
        #expect(outbox.isFull)
        #expect(outbox.add(fields: fields, photo: nil, unconfirmedSince: nil) == nil)
        #expect(outbox.reports.count == Outbox.maximumReports)

        base.fixture.fill(form)
        await base.fixture.submit(form)
        #expect(form.canSendWhenOnline)
        form.sendWhenOnline()
        #expect(
            form.state
                == .failed(
                    message: "20 reports are already waiting to be sent. Discard one, or try again once online."))
        #expect(form.fields.petName == "Luna", "every field stays")
        #expect(outbox.reports.count == Outbox.maximumReports)
    }
}

/// A photo of up to 20 MB is written and read back off the main actor.
@MainActor
@Suite struct OutboxPhotoTests {
    let base = OutboxTests()

    @Test("the photo is named in the list only once it is on disk, and read back off the main actor")
    func photoIOOffTheMainActor() async throws {
        let outbox = base.makeOutbox()
        _ = await base.submitOffline(outbox, photo: true)
        let pending = try #require(outbox.reports.first)
        await outbox.waitUntilIdle()
        #expect(outbox.reports.first?.photo != nil)
        #expect(base.file.load().first?.photo != nil)
        let photoPath = base.file.photoURL(for: pending.id).path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photoPath))
        // A pipe in the photo's place: reading it waits until the test writes.
        try FileManager.default.removeItem(atPath: photoPath)
        #expect(mkfifo(photoPath, 0o600) == 0)
        base.publisher.answerPublishes(
            .failure(.transport(.unreachable)),
            .created(id: "sent-1", password: "246810", createdAt: ReportFormFixture.start.addingTimeInterval(60)))
        base.repository.answerLists(.success([]))

        let readerOpen = Locked(false)
        let mainActorAnswered = Locked(false)
        let answeredDuringRead = Locked(false)
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: photoPath) else { return }
            readerOpen.withLock { $0 = true }
            // Blocked in the read, the main actor could not answer.
            let deadline = Date().addingTimeInterval(5)
            while !mainActorAnswered.withLock({ $0 }) && Date() < deadline { usleep(10_000) }
            answeredDuringRead.withLock { $0 = mainActorAnswered.withLock { $0 } }
            handle.write(bytes)
            try? handle.close()
        }
        writer.start()
        outbox.sendNow()
        var tries = 0
        while !mainActorAnswered.withLock({ $0 }) && tries < 2000 {
            if readerOpen.withLock({ $0 }) { mainActorAnswered.withLock { $0 = true } }
            try? await Task.sleep(for: .milliseconds(5))
            tries += 1
        }
        await outbox.waitUntilIdle()

        #expect(answeredDuringRead.withLock { $0 }, "the main actor ran while the photo was read")
        #expect(base.publisher.photoUploads.map(\.reportID) == ["sent-1"])
    }

    @Test("a photo that cannot be saved is not dropped silently: the report waits without it and says so")
    func photoNotKeptIsSaid() async throws {
        let outbox = base.makeOutbox()
        // A file where the photos' folder goes: no photo can be written.
        try FileManager.default.createDirectory(
            at: base.file.photoFolder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: base.file.photoFolder)
        _ = await base.submitOffline(outbox, photo: true)
        await outbox.waitUntilIdle()

        let pending = try #require(outbox.reports.first)
        #expect(pending.photo == nil)
        #expect(pending.photoNotKept)
        #expect(
            pending.statusText
                == "Will be sent when online, without its photo: it could not be saved on this computer")
        #expect(base.file.load().first?.photoNotKept == true, "still said after a restart")
    }
}

/// Discard's question says what is known of a waiting report.
@MainActor
@Suite struct PendingReportDiscardTests {
    @Test("a report that may have reached the server is not said to be unsent")
    func discardQuestionFollowsTheMark() {
        var report = PendingReport(
            backend: ReportFormFixture.backend, fields: ReportFormValues(), queuedAt: ReportFormFixture.start)
        #expect(
            report.discardQuestion == "This report has not been sent. Discarding it deletes it from this computer.")
        report.unconfirmedSince = ReportFormFixture.start
        #expect(
            report.discardQuestion
                == "This report may already have reached the server, where it would stay. Discarding it deletes it from this computer only."
        )
    }
}
