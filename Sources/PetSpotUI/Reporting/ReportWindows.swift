// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// The reporting side of the app: the Report a Pet form and My Reports, each
/// one window at most. The form's view model lives as long as the app, so a
/// report being sent when its window closes still reaches the user when the
/// form opens again, and quitting can flush its draft.
@MainActor
final class ReportWindows {
    private let services: ReportingServices
    private let repository: any AnnouncementRepository
    private let store: AnnouncementStore
    private let app: AppCoordinator
    private let photos: PhotoLoader
    private let applicationHold: (any ApplicationHold)?
    /// Reports submitted while the backend could not be reached, sent when it answers.
    let outbox: Outbox?
    private var formViewModel: ReportFormViewModel?
    private var form: ReportFormWindow?
    private var myReports: MyReportsWindow?
    /// The edit forms open, by report: one each.
    private var editForms: [String: (window: ReportFormWindow, viewModel: ReportFormViewModel)] = [:]
    /// Quitting waits for the forms still sending; then this quits.
    private var pendingQuit: PendingQuit?

    /// A form, as a quit waits for it.
    private enum FormKey: Hashable {
        case newReport
        case edit(reportID: String)
        /// Not a form: the outbox sending a waiting report.
        case outbox
    }

    /// A quit asked for while forms were sending: it happens once each has
    /// finished and closed, and not at all once one of them fails.
    private struct PendingQuit {
        var quit: @MainActor () -> Void
        var waitingFor: Set<FormKey>
    }

    /// - Parameter outbox: the process's one outbox (`makeOutbox`), shared by
    ///   every main window built in turn: a second one on the same file would
    ///   send its reports again and bring back those discarded.
    init(
        services: ReportingServices, repository: any AnnouncementRepository, store: AnnouncementStore,
        app: AppCoordinator, photos: PhotoLoader, applicationHold: (any ApplicationHold)? = nil,
        outbox: Outbox? = nil
    ) {
        self.applicationHold = applicationHold
        self.services = services
        self.repository = repository
        self.store = store
        self.app = app
        self.photos = photos
        self.outbox = outbox
        // The newest window's toasts: an earlier window is gone.
        outbox?.onSent = { [weak self] message in
            app.showToast(message)
            // Its password is in the keyring now: My Reports lists it.
            self?.myReports?.reload()
        }
        outbox?.start()
    }

    /// The outbox for `services`, one per process: nil when they keep no
    /// file of reports to send later.
    static func makeOutbox(
        services: ReportingServices, repository: any AnnouncementRepository, store: AnnouncementStore,
        applicationHold: (any ApplicationHold)? = nil
    ) -> Outbox? {
        services.pendingReportFile.map {
            Outbox(
                publisher: services.publisher, repository: repository, passwords: services.passwords,
                backend: services.backend, store: store, file: $0, applicationHold: applicationHold)
        }
    }

    /// Report a Pet (Ctrl+N): the open form, or a new one (with the draft).
    func showForm(transientFor parent: (any Toplevel)?) {
        if let form {
            form.present()
            return
        }
        let viewModel =
            formViewModel
            ?? ReportFormViewModel(
                publisher: services.publisher, repository: repository, passwords: services.passwords,
                backend: services.backend, store: store, draftFile: services.draftFile,
                applicationHold: applicationHold,
                outbox: outbox)
        formViewModel = viewModel
        // A published report's password was shown while its form was open;
        // opening the form again starts the next report (a photo that could
        // not be added can still be, from My Reports).
        switch viewModel.state {
        case .done, .photoFailed: viewModel.startNewReport()
        case .editing, .submitting, .failed, .saved: break
        }
        let window = ReportFormWindow(
            viewModel: viewModel, app: app, transientFor: parent,
            onClosed: { [weak self] in
                guard let self else { return }
                form = nil
                formClosed(.newReport, quitRequested: viewModel.closing.quitRequested)
            })
        form = window
        window.present()
    }

    func showMyReports(transientFor parent: (any Toplevel)?) {
        if let myReports {
            myReports.present()
            return
        }
        let viewModel = MyReportsViewModel(
            repository: repository, publisher: services.publisher, passwords: services.passwords,
            backend: services.backend, store: store)
        let window = MyReportsWindow(
            viewModel: viewModel, app: app, photos: photos, outbox: outbox, transientFor: parent,
            onNewReport: { [weak self] in self?.showForm(transientFor: parent) },
            onEdit: { [weak self, weak viewModel] announcement in
                guard let self, let viewModel else { return }
                showEditForm(for: announcement, transientFor: myReports?.window) { viewModel.reportChanged($0) }
            },
            onClosed: { [weak self] in self?.myReports = nil })
        myReports = window
        window.present()
    }

    /// Edit: the form filled from `announcement`, which saves only what
    /// changed; `onSaved` gets the report as stored then.
    func showEditForm(
        for announcement: Announcement, transientFor parent: (any Toplevel)?,
        onSaved: @escaping @MainActor (Announcement) -> Void
    ) {
        if let open = editForms[announcement.id] {
            open.window.present()
            return
        }
        let viewModel = ReportFormViewModel(
            editing: announcement, publisher: services.publisher, repository: repository,
            passwords: services.passwords, backend: services.backend, store: store, applicationHold: applicationHold)
        viewModel.onChangesSaved = onSaved
        let window = ReportFormWindow(
            viewModel: viewModel, app: app, transientFor: parent,
            onClosed: { [weak self] in
                guard let self else { return }
                editForms[announcement.id] = nil
                formClosed(.edit(reportID: announcement.id), quitRequested: viewModel.closing.quitRequested)
            })
        editForms[announcement.id] = (window, viewModel)
        window.present()
    }

    /// The user quits or closes the main window (which closes the forms too);
    /// what the form holds is written to disk first. Returns whether that may
    /// happen now. While a report or a report's changes are on their way it
    /// may not: each form sending stays open and says so, and `quit` runs
    /// once every one of them is done (the password kept, or shown; the
    /// changes saved) and has closed. A form whose sending fails cancels it.
    func prepareToQuit(then quit: @escaping @MainActor () -> Void) -> Bool {
        var sending: Set<FormKey> = []
        if let formViewModel, !formViewModel.requestQuit() { sending.insert(.newReport) }
        for (reportID, edit) in editForms where !edit.viewModel.requestQuit() {
            sending.insert(.edit(reportID: reportID))
        }
        if let outbox, !outbox.stopForQuit() { sending.insert(.outbox) }
        guard !sending.isEmpty else { return true }
        pendingQuit = PendingQuit(quit: quit, waitingFor: sending)
        if let outbox, sending.contains(.outbox) {
            app.showToast(tr("Sending a waiting report. PetSpot quits once it is sent"))
            Task { [weak self] in
                await outbox.waitUntilIdle()
                self?.outboxStopped()
            }
        }
        if sending.contains(.newReport) {
            // The form refuses to close while sending; should it be gone, it opens again to say so.
            if form == nil { showForm(transientFor: nil) }
            form?.showQuitNotice()
        }
        for case .edit(let reportID) in sending { editForms[reportID]?.window.showQuitNotice() }
        return false
    }

    /// A form closed: the quit waiting for it goes on once it is the last,
    /// unless its sending failed (what it holds is still to be sent).
    private func formClosed(_ key: FormKey, quitRequested: Bool) {
        guard var pending = pendingQuit, pending.waitingFor.contains(key) else { return }
        guard quitRequested else {
            pendingQuit = nil
            outbox?.resumeAfterQuitCancelled()
            return
        }
        pending.waitingFor.remove(key)
        if pending.waitingFor.isEmpty {
            pendingQuit = nil
            pending.quit()
        } else {
            pendingQuit = pending
        }
    }

    /// The outbox's report under way is sent (or failed, and waits for the
    /// next run): the quit goes on once no form is sending either.
    private func outboxStopped() {
        guard var pending = pendingQuit, pending.waitingFor.contains(.outbox) else { return }
        pending.waitingFor.remove(.outbox)
        if pending.waitingFor.isEmpty {
            pendingQuit = nil
            pending.quit()
        } else {
            pendingQuit = pending
        }
    }
}

/// What sending reports needs from the outside world, decided at launch.
public struct ReportingServices: Sendable {
    public var publisher: any ReportPublisher
    public var passwords: any ReportPasswordKeeping
    /// Names the backend in the keyring: its API URL, or the demo database's file URL.
    public var backend: String
    /// Where the form's draft is kept; nil keeps none.
    public var draftFile: ReportDraftFile?
    /// Where reports submitted offline wait to be sent; nil keeps none (a
    /// report that cannot be sent then only offers Retry).
    public var pendingReportFile: PendingReportFile?

    public init(
        publisher: any ReportPublisher, passwords: any ReportPasswordKeeping, backend: String,
        draftFile: ReportDraftFile?, pendingReportFile: PendingReportFile? = nil
    ) {
        self.publisher = publisher
        self.passwords = passwords
        self.backend = backend
        self.draftFile = draftFile
        self.pendingReportFile = pendingReportFile
    }
}
