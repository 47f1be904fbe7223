// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// When the report form's work is over. After a report is published its
/// password is shown once (a dialog); once the user has seen it the form
/// closes, unless its photo can still follow (Retry Photo), in which case it
/// closes when the photo is added. Quitting while a report is on its way
/// waits for the answer: a password kept in the keyring then needs no dialog,
/// and any other outcome is shown before the form closes and the app quits.
public struct ReportFormClosing: Equatable, Sendable {
    /// The published report whose password is to be shown now, until `passwordSeen`.
    public private(set) var passwordToShow: SubmittedReport?
    /// The form has nothing left to do: its window closes.
    public private(set) var isFinished = false
    /// The user asked to quit while the report was on its way.
    public private(set) var quitRequested = false
    private var shownFor: String?
    private var seenFor: String?

    public init() {}

    /// The form reached `outcome`, a report published with (`.done`) or
    /// without (`.photoFailed`) its photo; `photoCanFollow` says Retry Photo
    /// can still add it.
    mutating func reached(_ outcome: ReportFormViewModel.State, photoCanFollow: Bool) {
        guard let report = outcome.publishedReport else { return }
        if shownFor != report.announcement.id {
            shownFor = report.announcement.id
            if quitRequested, case .done = outcome, report.passwordOutcome == .saved {
                // The keyring has it and My Reports shows the report: nothing to wait for.
                seenFor = report.announcement.id
            } else {
                passwordToShow = report
                return
            }
        }
        if seenFor == report.announcement.id { finishIfDone(outcome, photoCanFollow: photoCanFollow) }
    }

    /// The user closed the password dialog.
    mutating func passwordSeen(in state: ReportFormViewModel.State, photoCanFollow: Bool) {
        guard let shown = passwordToShow else { return }
        passwordToShow = nil
        seenFor = shown.announcement.id
        finishIfDone(state, photoCanFollow: photoCanFollow)
    }

    /// Quitting was asked for while the report is on its way.
    mutating func requestQuit() { quitRequested = true }

    /// The report was not sent after all: quitting would leave it unsent, so
    /// the app no longer quits by itself.
    mutating func sendFailed() { quitRequested = false }

    /// The changes to a report were saved: the form's work is over.
    mutating func changesSaved() { isFinished = true }

    /// A new report begins in the same form.
    mutating func reset() { self = ReportFormClosing() }

    private mutating func finishIfDone(_ state: ReportFormViewModel.State, photoCanFollow: Bool) {
        switch state {
        case .done: isFinished = true
        // Quitting does not wait for a photo the user would have to retry.
        case .photoFailed: isFinished = !photoCanFollow || quitRequested
        case .editing, .submitting, .failed, .saved: break
        }
    }
}

extension ReportFormViewModel.State {
    /// The report this state shows as published, if it is one.
    var publishedReport: SubmittedReport? {
        switch self {
        case .done(let report), .photoFailed(let report, _): report
        case .editing, .submitting, .failed, .saved: nil
        }
    }
}
