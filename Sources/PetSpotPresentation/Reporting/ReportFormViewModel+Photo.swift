// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// The photo: chosen and checked off the main actor, removed, uploaded once
/// the report exists, and uploaded again by Retry Photo.
extension ReportFormViewModel {
    /// Retry Photo is possible: the photo failed and the password is known.
    public var canRetryPhoto: Bool { photoCanFollow && submission == nil }

    /// The photo failed, and the password and photo to try again are kept.
    var photoCanFollow: Bool {
        guard case .photoFailed(let report, _) = state else { return false }
        return report.password != nil && unsentPhoto != nil
    }

    /// The file the user picked: read and checked off the main actor.
    public func choosePhoto(path: String) {
        guard isEditable, path != photo.path else { return }
        checkPhoto(path)
        changed()
    }

    public func removePhoto() {
        guard isEditable, photo != .none else { return }
        photoGeneration += 1
        photoCheck?.cancel()
        photo = .none
        changed()
    }

    /// After the photo failed: uploads it again with the report's password.
    public func retryPhoto() {
        guard canRetryPhoto, case .photoFailed(let report, _) = state, let photo = unsentPhoto else { return }
        state = .submitting(progress: tr("Uploading photo…"))
        startSubmission { await self.upload(photo, for: report) }
    }

    /// Completes when the photo being checked (if any) is ready or refused.
    public func waitForPhotoCheck() async {
        await photoCheck?.value
    }

    func upload(_ photo: ReportPhoto, for report: SubmittedReport) async {
        guard let password = report.password else {
            settle(.photoFailed(report, message: tr("The photo was not added: adding it needs the report's password.")))
            return
        }
        state = .submitting(progress: tr("Uploading photo…"))
        do throws(PublishError) {
            try await publisher.addPhoto(photo, toReport: report.announcement.id, password: password)
        } catch {
            let reason = error.photoMessage
            // TRANSLATORS: {reason} is a whole sentence, such as "The stored password was not accepted."
            let message = tr("The report was published, but its photo could not be added. {reason}", ["reason": reason])
            settle(.photoFailed(report, message: message))
            return
        }
        unsentPhoto = nil
        // The report as stored now, with its photo's address, for every list.
        var shown = report
        if let fresh = await store.refetch(id: report.announcement.id) {
            shown = SubmittedReport(
                announcement: fresh, password: report.password, passwordOutcome: report.passwordOutcome)
        }
        settle(.done(shown))
    }

    func checkPhoto(_ path: String) {
        photoCheck?.cancel()
        photoGeneration += 1
        let generation = photoGeneration
        photo = .checking(path: path)
        photoCheck = Task { [photoReader] in
            let result = await photoReader.read(path: path)
            guard generation == self.photoGeneration else { return }
            switch result {
            case .success(let checked): self.photo = .ready(checked, path: path)
            case .failure(let problem): self.photo = .problem(message: problem.message, path: path)
            }
        }
    }
}
