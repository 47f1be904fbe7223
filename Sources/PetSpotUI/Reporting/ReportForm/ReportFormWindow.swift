// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// "Report a Pet": the form in its own window, transient for the main one.
/// Its sections (one file each) write to `ReportFormViewModel` as the user
/// types and show what it says: problems on their rows; the window shows the
/// progress of sending, the banners, and the password once published.
/// Closing the window in any way keeps the draft (the view model writes it
/// after every change; the close request flushes it).
///
/// Editing a report (`ReportFormViewModel.Mode.edit`) the same window is
/// "Edit Report" with Save Changes, filled from the report, without the photo
/// (My Reports adds photos) and with a password row only when no password is
/// kept for the report; a failure Retry cannot help offers Close instead.
@MainActor
final class ReportFormWindow {
    private let viewModel: ReportFormViewModel
    private let app: AppCoordinator
    let window: Window
    private let toasts: ToastOverlay
    private let form: Box
    private let submitButton: Button
    private let failure = FormBanner(actionLabel: tr("Retry"), otherActionLabel: tr("Send When Online"))
    /// A failure Retry cannot help (editing): the way out is closing the form.
    private let finalFailure = FormBanner(actionLabel: tr("Close"))
    private let passwordRow = EntryRow(title: tr("Management password"), secret: true)
    private let passwordGroup: PreferencesGroup
    private let photoFailure = FormBanner(actionLabel: tr("Retry Photo"))
    private let whenAndWhere: WhenAndWhereSection
    private let photo: PhotoSection
    /// Every section, in the form's order.
    private let sections: [any ReportFormSection]

    private let scrolled: ScrolledWindow
    /// The failure the banner shows, so a new one scrolls the form up to it once.
    private var shownFailure: String?

    /// The report whose password dialog is open.
    private var passwordDialogFor: String?
    private var onClosed: (@MainActor () -> Void)?

    init(
        viewModel: ReportFormViewModel, app: AppCoordinator, transientFor parent: (any Toplevel)?,
        onClosed: @escaping @MainActor () -> Void
    ) {
        self.viewModel = viewModel
        self.app = app
        self.onClosed = onClosed
        let editing = viewModel.original != nil
        window = Window(
            title: editing ? tr("Edit Report") : tr("Report a Pet"), transientFor: parent, width: 560, height: 760,
            showsWindowButtons: false)
        submitButton = Button(label: editing ? tr("Save Changes") : tr("Submit"), cssClasses: ["suggested-action"])
        passwordGroup = .reportForm(
            tr("Password"), [passwordRow],
            description: tr(
                "This computer keeps no password for this report. Enter the six-digit password shown when it was published."
            ))
        passwordGroup.isVisible = false

        let cancel = Button(label: tr("Cancel"))
        window.headerBar.packStart(cancel)
        window.headerBar.packEnd(submitButton)

        form = Box(.vertical, spacing: 24)
        form.setMargins(top: 12, bottom: 24, start: 12, end: 12)
        scrolled = ScrolledWindow(accessibleLabel: tr("Report form"), child: Clamp(child: form, maximumWidth: 640))
        toasts = ToastOverlay(child: scrolled)
        window.setContent(toasts)
        whenAndWhere = WhenAndWhereSection(viewModel: viewModel)
        photo = PhotoSection(viewModel: viewModel, window: window, toasts: toasts)
        sections =
            [
                ReportTypeSection(viewModel: viewModel), PetSection(viewModel: viewModel),
                DescriptionSection(viewModel: viewModel), whenAndWhere, ContactSection(viewModel: viewModel),
            ] + (editing ? [] : [photo])
        if let outbox = viewModel.outbox, !editing {
            form.append(PendingReportsList(outbox: outbox, dialogParent: window).widget)
        }
        form.append(failure.widget)
        form.append(finalFailure.widget)
        form.append(photoFailure.widget)
        if editing { form.append(passwordGroup) }
        for section in sections { form.append(section.group) }

        let window = window
        cancel.onClicked { window.close() }
        submitButton.onClicked { viewModel.submit() }
        failure.onAction { viewModel.retry() }
        failure.onOtherAction { viewModel.sendWhenOnline() }
        finalFailure.onAction { window.close() }
        passwordRow.onChanged { viewModel.setPassword($0) }
        photoFailure.onAction { viewModel.retryPhoto() }
        window.onCloseRequest { [unowned self] in
            // While sending, the answer (and its password) must find the form open.
            if case .submitting = viewModel.state {
                toasts.show(editing ? tr("Wait until the changes are saved") : tr("Wait until the report is sent"))
                return .keepOpen
            }
            viewModel.flushDraft()
            return .close
        }
        window.onDestroy { [unowned self] in
            photo.cancelChooser()
            self.onClosed?()
            self.onClosed = nil
        }
        window.keepAlive(self)
        viewModel.start()
        for section in sections { section.fill() }
        whenAndWhere.centreMap()
        window.bind { [unowned self] in render() }
    }

    func present() {
        window.present()
        if viewModel.restoredDraft {
            toasts.show(tr("Your unfinished report was restored"))
            viewModel.dismissRestoredDraftNotice()
        }
    }

    /// Quitting waits for the report (or the changes) on its way: the form says so.
    func showQuitNotice() {
        present()
        toasts.show(
            viewModel.original != nil
                ? tr("Saving your changes… PetSpot quits once they are saved")
                : tr("Sending your report… PetSpot quits once it is sent"))
    }

    // MARK: Showing the view model

    private func render() {
        for section in sections { section.render() }
        form.isSensitive = viewModel.isEditable
        submitButton.isSensitive = viewModel.canSubmit
        passwordGroup.isVisible = viewModel.password.isAsked
        finalFailure.hide()

        switch viewModel.state {
        case .editing:
            submitButton.setBusy(false)
            failure.hide()
            photoFailure.hide()
        case .submitting(let progress):
            submitButton.setBusy(true, label: progress)
            shownFailure = nil
            failure.hide()
            photoFailure.hide()
        case .failed(let message):
            submitButton.setBusy(false)
            submitButton.isSensitive = viewModel.canSubmit
            if viewModel.failureIsFinal {
                failure.hide()
                finalFailure.show(message)
            } else {
                failure.show(message, otherActionShown: viewModel.canSendWhenOnline)
            }
            // Editing, Save Changes is often pressed far down the form: the banner is at its top;
            // so is Send When Online, and the list it adds the report to.
            if viewModel.original != nil || viewModel.canSendWhenOnline, shownFailure != message {
                scrolled.verticalOffset = 0
            }
            shownFailure = message
            photoFailure.hide()
        case .photoFailed(_, let message):
            submitButton.setBusy(false)
            submitButton.isSensitive = false
            failure.hide()
            photoFailure.show(message, actionEnabled: viewModel.canRetryPhoto)
        case .done, .saved:
            submitButton.setBusy(false)
            submitButton.isSensitive = false
            failure.hide()
            photoFailure.hide()
        }
        if viewModel.queuedForLater {
            // The form emptied for the next report: its rows show that.
            for section in sections { section.fill() }
            scrolled.verticalOffset = 0
            toasts.show(tr("Your report will be sent when online"))
            viewModel.dismissQueuedNotice()
        }
        renderClosing()
    }

    /// The password, once per report, in a dialog over the form; the form
    /// closes when the view model says its work is over.
    private func renderClosing() {
        let closing = viewModel.closing
        if let report = closing.passwordToShow, passwordDialogFor != report.announcement.id {
            passwordDialogFor = report.announcement.id
            PublishedReportDialog(report: report, transientFor: window) { [weak self] viewReport in
                guard let self else { return }
                passwordDialogFor = nil
                // View Report: the new report's details, in the Reports tab.
                if viewReport { app.openDetails(id: report.announcement.id) }
                viewModel.passwordSeen()
            }.present()
        }
        if closing.isFinished { window.close() }
    }
}
