// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain

/// Sending: the report, the search for one that may have arrived without
/// its answer, the password kept in the keyring, and what closes the form.
extension ReportFormViewModel {
    /// The user closed the dialog that showed the report's password.
    public func passwordSeen() {
        closing.passwordSeen(in: state, photoCanFollow: photoCanFollow)
    }

    /// The user asks to quit. Returns whether the app may quit now; while a
    /// report or photo is on its way it may not: the form finishes once the
    /// answer is in (and its password kept or shown), and then the app quits.
    public func requestQuit() -> Bool {
        flushDraft()
        guard isSending else { return true }
        closing.requestQuit()
        return false
    }

    /// Sends the report when the form is valid; otherwise every field's
    /// problem shows. Ignored while a submission is under way.
    public func submit() {
        guard isEditable, submission == nil else { return }
        if case .edit(let original) = mode {
            saveChanges(to: original)
            return
        }
        submitAttempted = true
        problems = currentProblems()
        guard canSubmit, case .success(let report) = validated() else {
            state = .editing
            return
        }
        let photo: ReportPhoto? = if case .ready(let photo, _) = self.photo { photo } else { nil }
        state = .submitting(progress: tr("Sending report…"))
        backendUnreachable = false
        startSubmission { await self.send(report, photo: photo) }
    }

    /// After a failure: the same as Submit.
    public func retry() {
        guard case .failed = state else { return }
        submit()
    }

    /// Runs `work` as the one submission, holding the app meanwhile.
    func startSubmission(_ work: @escaping @MainActor () async -> Void) {
        applicationHold?.hold()
        submission = Task {
            await work()
            self.submission = nil
            if case .failed = self.state { self.closing.sendFailed() }
            self.applicationHold?.release()
        }
    }

    /// The report was published, with its photo or without: what the form
    /// shows, and whether its work is over.
    func settle(_ outcome: State) {
        state = outcome
        closing.reached(outcome, photoCanFollow: photoCanFollow)
    }

    /// After publishing: an empty form for another report (not before the
    /// password has been shown).
    public func startNewReport() {
        switch state {
        case .done, .photoFailed:
            guard submission == nil, closing.passwordToShow == nil else { return }
            unsentPhoto = nil
            closing.reset()
            state = .editing
        case .editing, .submitting, .failed, .saved:
            return
        }
    }

    /// Completes when the submission under way (if any) has ended.
    public func waitForSubmission() async {
        await submission?.value
    }

    private func send(_ report: NewReport, photo: ReportPhoto?) async {
        let startedAt = now()
        if let unconfirmed {
            // Only this very report counts: one the user has corrected since is
            // sent again rather than taken for the uncorrected one.
            switch await findCreated([report], since: unconfirmed.since) {
            case .success(let created?):
                logger.info("A report sent without an answer was created after all", metadata: ["id": "\(created.id)"])
                self.unconfirmed = nil
                await published(created, password: nil, photo: photo)
                return
            case .success(nil):
                break
            case .failure(let error):
                backendUnreachable = error == .unreachable
                state = .failed(message: Self.notSentMessage(error.userMessage))
                return
            }
        }
        // Until a definite answer, this report may be created: the draft says
        // so before the request leaves, so that quitting meanwhile still
        // makes the next run look for it rather than send it twice.
        let previous = unconfirmed
        unconfirmed = Unconfirmed(since: previous?.since ?? startedAt)
        draftWriter?.enqueue(draft)
        do throws(PublishError) {
            let result = try await publisher.publish(report)
            unconfirmed = nil
            await published(result.announcement, password: result.managementPassword, photo: photo)
        } catch {
            // A refusal is an answer: this attempt created nothing.
            if case .transport = error {} else { unconfirmed = previous }
            backendUnreachable = error == .transport(.unreachable)
            handleFailure(error)
        }
    }

    /// Send When Online is offered: the last attempt found no connection to
    /// the backend, and the form could be sent as it is now.
    public var canSendWhenOnline: Bool {
        guard outbox != nil, backendUnreachable, case .failed = state else { return false }
        return canSubmit
    }

    /// Send When Online: the report waits in the outbox, which sends it once
    /// the backend answers, still counting an attempt that may have arrived
    /// (`unconfirmed`, the lost-answer rule); the form empties for the next report.
    public func sendWhenOnline() {
        guard canSendWhenOnline, let outbox, case .success = validated() else { return }
        var values = fields
        // "Today" is the day it was submitted, not the day it is sent.
        values.lastSeenDate = lastSeenDate
        let photo: ReportPhoto? = if case .ready(let photo, _) = self.photo { photo } else { nil }
        guard let pending = outbox.add(fields: values, photo: photo, unconfirmedSince: unconfirmed?.since) else {
            // Every field stays: Retry, or discard a waiting report and try again.
            state = .failed(message: Outbox.fullMessage)
            return
        }
        logger.info("The report waits until the backend can be reached", metadata: ["pending": "\(pending.id)"])
        backendUnreachable = false
        clearFields()
        state = .editing
        queuedForLater = true
    }

    /// The page has said the report will be sent when online.
    public func dismissQueuedNotice() {
        queuedForLater = false
    }

    private func handleFailure(_ error: PublishError) {
        switch error {
        case .transport(let cause):
            // The request may have arrived: the next attempt looks for it first
            // (`unconfirmed`, kept in the draft for a later run too).
            draftWriter?.enqueue(draft)
            state = .failed(message: Self.notSentMessage(cause.userMessage))
        case .rejected(let field?, let problem):
            serverProblems[field] = problem
            problems = currentProblems()
            state = .failed(message: tr("The server did not accept the report. Check the marked field."))
        case .rejected(nil, _), .unauthorized, .notFound:
            state = .failed(message: tr("The server did not accept the report."))
        }
    }

    private static func notSentMessage(_ reason: String) -> String {
        // TRANSLATORS: {reason} is a whole sentence, such as "Can't reach the PetSpot server."
        tr("Your report was not sent. {reason}", ["reason": reason])
    }

    /// The newest report on the server that is one of `reports` and was
    /// created since the first attempt (`CreatedReportLookup`).
    private func findCreated(_ reports: [NewReport], since: Date) async -> Result<Announcement?, RepositoryError> {
        await CreatedReportLookup.find(reports, since: since, in: repository)
    }

    /// The report exists: keep its password, empty the form and its draft,
    /// show it on Home and Reports, then upload the photo.
    private func published(_ announcement: Announcement, password: String?, photo: ReportPhoto?) async {
        var outcome = SubmittedReport.PasswordOutcome.missing
        if let password {
            do {
                try await passwords.keep(password: password, reportID: announcement.id, backend: backend)
                outcome = .saved
            } catch {
                logger.warning(
                    "Could not keep the report's password", metadata: ["id": "\(announcement.id)", "error": "\(error)"])
                outcome = .notSaved
            }
        }
        let report = SubmittedReport(announcement: announcement, password: password, passwordOutcome: outcome)
        clearFields()
        await store.insert(announcement)
        guard let photo else {
            settle(.done(report))
            return
        }
        unsentPhoto = photo
        await upload(photo, for: report)
    }
}
