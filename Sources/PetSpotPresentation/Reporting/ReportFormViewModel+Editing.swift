// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain

/// The management password of the report being edited.
public enum ReportPasswordInput: Equatable, Sendable {
    /// The keyring is being read.
    case reading
    /// The keyring keeps it: nothing to ask.
    case kept(String)
    /// None kept (or the kept one was refused): the user types it.
    case typed(String)

    /// The password to send, when there is one.
    public var value: String? {
        switch self {
        case .reading: nil
        case .kept(let password): password
        case .typed(let password): password.trimmedNonEmpty
        }
    }

    /// The form shows a password row.
    public var isAsked: Bool {
        if case .typed = self { true } else { false }
    }
}

/// Editing a report: the form opens filled from it, `changes` is what differs
/// from it, and Save Changes sends only that (`PATCH`), with the password the
/// keyring keeps (or one the user types when none is kept). The changed
/// report replaces the old one in every list at once. A failure keeps every
/// value in the form, with what happened and a way out.
extension ReportFormViewModel {
    /// A form that edits `original`; it keeps no draft and has no photo (My
    /// Reports adds photos). `applicationHold` keeps the app running while
    /// the changes are on their way, as for a new report.
    public convenience init(
        editing original: Announcement, publisher: any ReportPublisher, repository: any AnnouncementRepository,
        passwords: any ReportPasswordKeeping, backend: String, store: AnnouncementStore,
        applicationHold: (any ApplicationHold)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current
    ) {
        self.init(
            publisher: publisher, repository: repository, passwords: passwords, backend: backend, store: store,
            draftFile: nil, applicationHold: applicationHold, now: now, timeZone: timeZone,
            mode: .edit(original: original))
        fields = ReportFormValues(editing: original)
        problems = currentProblems()
    }

    /// The report being edited; nil for a new one.
    public var original: Announcement? {
        if case .edit(let original) = mode { original } else { nil }
    }

    /// What Save Changes would send: the keys whose values differ from the
    /// report's; nil while the form breaks a rule.
    public var changes: ReportChanges? {
        guard let original, case .success(let report) = validated() else { return nil }
        return ReportChanges(from: original, to: report)
    }

    /// Something was changed, and the form is valid.
    public var hasChanges: Bool { changes.map { !$0.isEmpty } ?? false }

    /// Save Changes is possible: something changed and a password is at hand.
    var canSaveChanges: Bool { hasChanges && password.value != nil }

    /// The password the user types when none is kept.
    public func setPassword(_ text: String) {
        guard case .typed(let current) = password, current != text, isEditable else { return }
        password = .typed(text)
    }

    /// Completes when the keyring has been read.
    public func waitForPassword() async {
        await passwordRead?.value
    }

    /// Reads the kept password (the form opens).
    func readKeptPassword() {
        guard let original else { return }
        passwordRead = Task { [passwords, backend, logger] in
            do {
                if let kept = try await passwords.password(reportID: original.id, backend: backend) {
                    self.password = .kept(kept)
                    return
                }
            } catch {
                logger.warning(
                    "Could not read a report's password", metadata: ["id": "\(original.id)", "error": "\(error)"])
            }
            self.password = .typed("")
        }
    }

    func saveChanges(to original: Announcement) {
        submitAttempted = true
        problems = currentProblems()
        guard canSubmit, let changes, let password = password.value else {
            if case .failed = state {} else { state = .editing }
            return
        }
        failureIsFinal = false
        state = .submitting(progress: tr("Saving changes…"))
        startSubmission { await self.send(changes, to: original, password: password) }
    }

    private func send(_ changes: ReportChanges, to original: Announcement, password: String) async {
        let updated: Announcement
        do throws(ReportUpdateError) {
            updated = try await publisher.update(reportID: original.id, changes: changes, password: password)
        } catch {
            updateFailed(error)
            return
        }
        if case .typed = self.password {
            // The typed password works: My Reports can use it from now on.
            do {
                try await passwords.keep(password: password, reportID: original.id, backend: backend)
            } catch {
                logger.warning(
                    "Could not keep the report's password", metadata: ["id": "\(original.id)", "error": "\(error)"])
            }
        }
        await store.insert(updated)
        state = .saved(updated)
        closing.changesSaved()
        onChangesSaved?(updated)
    }

    private func updateFailed(_ error: ReportUpdateError) {
        switch error {
        case .rejected(let field?, let problem):
            serverProblems[field] = problem
            problems = currentProblems()
            state = .failed(message: tr("The server did not accept the changes. Check the marked field."))
        case .unauthorized:
            if case .kept = password {
                // Kept but refused: perhaps another computer's; the user may know the right one.
                password = .typed("")
                state = .failed(message: tr("The kept password was not accepted. Enter the report's password."))
            } else {
                state = .failed(message: tr("The password was not accepted."))
            }
        case .unsupported, .notFound, .closed:
            // Retrying cannot help: the way out is closing the form.
            failureIsFinal = true
            state = .failed(message: error.userMessage)
        case .transport, .tooManyAttempts, .rejected(nil, _):
            state = .failed(message: error.userMessage)
        }
    }
}

extension ReportFormValues {
    /// The form's values showing `report` as it is.
    public init(editing report: Announcement) {
        self.init()
        status = report.status
        petName = report.petName ?? ""
        species = report.species
        breed = report.breed ?? ""
        sex = report.sex
        age = report.age.map(String.init) ?? ""
        description = report.description ?? ""
        microchipNumber = report.microchipNumber ?? ""
        lastSeenDate = report.lastSeenDate
        location = .picked(report.coordinate, from: .map)
        phone = report.phone ?? ""
        email = report.email ?? ""
        reward = report.reward ?? ""
    }
}

extension ReportUpdateError {
    /// A short sentence saying why a report could not be changed or closed.
    public var userMessage: String {
        switch self {
        case .transport(let error): error.userMessage
        case .unsupported: tr("This PetSpot server cannot change reports.")
        case .unauthorized: tr("The stored password was not accepted.")
        case .notFound: tr("This report no longer exists.")
        case .closed: tr("This report is closed and can no longer be changed.")
        case .tooManyAttempts: tr("Too many wrong passwords for this report. Try again later.")
        case .rejected: tr("The server did not accept the changes.")
        }
    }
}
