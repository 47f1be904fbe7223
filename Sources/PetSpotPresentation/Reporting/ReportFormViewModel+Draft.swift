// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// The draft on disk: restored when the form first opens, written on every
/// change and flushed when the window closes.
extension ReportFormViewModel {
    /// The form opens: the first time, the draft a previous run left is
    /// restored (editing a report: its kept password is read instead).
    /// The file is a few kilobytes, read on the main actor.
    public func start() {
        guard !isStarted else { return }
        isStarted = true
        readKeptPassword()
        guard let draft = draftWriter?.file.load() else { return }
        restore(draft)
        restoredDraft = true
    }

    public func dismissRestoredDraftNotice() {
        restoredDraft = false
    }

    /// The window closes or the app quits: the draft is written now, on this thread.
    public func flushDraft() {
        draftWriter?.flush(draft)
    }

    /// Completes when every change so far is written to the draft file.
    public func waitForDraftWrites() async {
        await draftWriter?.waitUntilWritten()
    }

    var draft: ReportDraft {
        ReportDraft(fields: fields, photoPath: photo.path, unconfirmedSince: unconfirmed?.since)
    }

    /// Fills the form from `draft`; the fields it filled count as edited, so
    /// their problems show at once.
    private func restore(_ draft: ReportDraft) {
        fields = draft.fields
        edited = draft.fields.filled
        if let path = draft.photoPath { checkPhoto(path) }
        // An attempt of an earlier run may have arrived: the next submit looks for the report as it is now.
        unconfirmed = draft.unconfirmedSince.map { Unconfirmed(since: $0) }
        problems = currentProblems()
    }

    /// After publishing: the form as it opens, and no draft.
    func clearFields() {
        restore(ReportDraft())
        photoGeneration += 1
        photoCheck?.cancel()
        photo = .none
        edited = []
        submitAttempted = false
        serverProblems = [:]
        problems = currentProblems()
        restoredDraft = false
        draftWriter?.enqueue(ReportDraft())
    }
}
