// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import Observation
import PetSpotDomain

/// Reports submitted while the backend could not be reached, sent once it
/// answers again: after a delay that doubles from `firstRetryDelay` to
/// `longestRetryDelay` while it does not, and at once when the store manages
/// a fetch (`AnnouncementStore.onFetchSucceeded`) or the app starts.
///
/// Each report is sent exactly once:
/// - one sending pass at a time; a trigger during a pass runs one more pass
///   after it, which finds the report sent and gone;
/// - before each request leaves, the report is marked on disk as possibly
///   created (`PendingReport.unconfirmedSince`); any later attempt, in this
///   run or the next, first looks for it on the server by what was sent
///   (`CreatedReportLookup`, the form's lost-answer rule) and takes the one
///   it finds rather than posting again. A failure that says no connection
///   was made is treated the same way, since a connection that broke after
///   the request was written can look alike;
/// - a refusal (an answer: nothing was created) is kept with its reason and
///   not sent again; the user discards it.
///
/// Once created, it is handled as a submitted report is: its management
/// password kept in the keyring, its photo added, the report shown in every
/// list; the entry is removed and `onSent` tells the user.
@MainActor
@Observable
public final class Outbox {
    /// The reports waiting for this backend, oldest first.
    public private(set) var reports: [PendingReport] = []
    /// The report whose request is under way: it cannot be discarded now.
    public private(set) var sendingID: String?

    /// Told once per report sent, with what to say to the user.
    @ObservationIgnored public var onSent: (@MainActor (String) -> Void)?

    /// The first wait before trying again, after the backend could not be reached.
    public nonisolated static let firstRetryDelay: Duration = .seconds(2)
    /// The longest wait between attempts.
    public nonisolated static let longestRetryDelay: Duration = .seconds(60)
    /// How many reports can wait for this backend at once: more is not one
    /// neighbour's reports, and the list must stay small enough to write on
    /// the main actor before each request.
    public nonisolated static let maximumReports = 20

    /// No more reports can wait (`maximumReports`).
    public var isFull: Bool { reports.count >= Self.maximumReports }

    /// What the form says when a report cannot wait because too many already do.
    public nonisolated static var fullMessage: String {
        trn(
            "{count} report is already waiting to be sent. Discard one, or try again once online.",
            "{count} reports are already waiting to be sent. Discard one, or try again once online.",
            count: maximumReports)
    }

    @ObservationIgnored private let publisher: any ReportPublisher
    @ObservationIgnored private let repository: any AnnouncementRepository
    @ObservationIgnored private let passwords: any ReportPasswordKeeping
    @ObservationIgnored private let backend: String
    @ObservationIgnored private let store: AnnouncementStore
    @ObservationIgnored private let file: PendingReportFile
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let wait: @Sendable (Duration) async -> Void
    @ObservationIgnored private let logger = Logger(label: "io.github.petspot.outbox")
    /// Other backends' reports: kept in the file, never sent from here.
    @ObservationIgnored private var otherBackends: [PendingReport] = []
    @ObservationIgnored private var pass: Task<Void, Never>?
    @ObservationIgnored private var passAgain = false
    @ObservationIgnored private var retry: Task<Void, Never>?
    /// Photos being written off the main actor, by report: a report is not
    /// sent before its photo is on disk and named in the list.
    @ObservationIgnored private var photoWrites: [String: Task<Void, Never>] = [:]
    /// Passes in a row that could not reach the backend: how long the next wait is.
    @ObservationIgnored private(set) var failedPasses = 0
    @ObservationIgnored private var isStarted = false
    /// The app is quitting: the report under way finishes, no other starts.
    @ObservationIgnored private(set) var isStopping = false
    @ObservationIgnored private let applicationHold: (any ApplicationHold)?

    /// - Parameters:
    ///   - backend: the API base URL, naming the backend in the keyring and in the file.
    ///   - applicationHold: keeps the app running from the start of a report's
    ///     sending until its password is kept, whatever windows close meanwhile.
    ///   - wait: sleeps for the delay before the next attempt (tests wait on their own terms).
    public init(
        publisher: any ReportPublisher, repository: any AnnouncementRepository,
        passwords: any ReportPasswordKeeping, backend: String, store: AnnouncementStore, file: PendingReportFile,
        applicationHold: (any ApplicationHold)? = nil, now: @escaping @Sendable () -> Date = { Date() },
        wait: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.publisher = publisher
        self.repository = repository
        self.passwords = passwords
        self.backend = backend
        self.store = store
        self.file = file
        self.applicationHold = applicationHold
        self.now = now
        self.wait = wait
    }

    /// Reads the reports a previous run left and sends them; from now on a
    /// successful fetch of the store sends what waits.
    public func start() {
        // A main window built again after one closed while stopping for a quit.
        resumeAfterQuitCancelled()
        guard !isStarted else { return }
        isStarted = true
        let kept = file.load()
        reports = kept.filter { $0.backend == backend }
        otherBackends = kept.filter { $0.backend != backend }
        store.onFetchSucceeded { [weak self] in self?.sendNow() }
        if reports.contains(where: { $0.refusal == nil }) { sendNow() }
    }

    /// Keeps `fields` (and the photo) to be sent when the backend answers;
    /// `unconfirmedSince` when an attempt may already have arrived. Nil when
    /// `isFull`: nothing is kept.
    @discardableResult
    public func add(fields: ReportFormValues, photo: ReportPhoto?, unconfirmedSince: Date?) -> PendingReport? {
        guard !isFull else {
            logger.warning("A report cannot wait: too many already do", metadata: ["count": "\(reports.count)"])
            return nil
        }
        let report = PendingReport(
            backend: backend, fields: fields, queuedAt: now(), unconfirmedSince: unconfirmedSince)
        reports.append(report)
        save()
        if let photo { keepPhoto(photo, for: report.id) }
        // The backend was just found unreachable: the first try waits.
        failedPasses = max(failedPasses, 1)
        // A pass under way has already picked its reports: one more pass takes this one.
        if pass != nil { passAgain = true } else { scheduleRetry() }
        return report
    }

    /// Writes the photo off the main actor, then names it in the list: the
    /// list never names a photo not on disk. Sending waits for it, and so
    /// does the app before it quits.
    private func keepPhoto(_ photo: ReportPhoto, for id: String) {
        applicationHold?.hold()
        photoWrites[id] = Task {
            let saved = await file.savePhotoInBackground(photo.data, for: id)
            photoWrites[id] = nil
            defer { applicationHold?.release() }
            guard reports.contains(where: { $0.id == id }) else {
                // Discarded meanwhile.
                file.removePhoto(for: id)
                return
            }
            if saved {
                update(id) { $0.photo = PendingReport.Photo(fileName: photo.fileName, mimeType: photo.mimeType) }
            } else {
                // The report still waits; the user learns it goes without its photo.
                update(id) { $0.photoNotKept = true }
            }
        }
    }

    /// The user gave up on a report not yet sent; not while its request is under way.
    public func discard(id: String) {
        guard sendingID != id, let index = reports.firstIndex(where: { $0.id == id }) else { return }
        reports.remove(at: index)
        file.removePhoto(for: id)
        save()
        logger.info("A pending report was discarded", metadata: ["id": "\(id)"])
    }

    /// Tries to send every waiting report now; during a pass, once more after it.
    public func sendNow() {
        guard isStarted, !isStopping else { return }
        if pass != nil {
            passAgain = true
            return
        }
        retry?.cancel()
        retry = nil
        pass = Task {
            var reached = true
            repeat {
                passAgain = false
                reached = await sendAll()
            } while passAgain && !isStopping
            pass = nil
            if reached {
                failedPasses = 0
            } else {
                failedPasses += 1
                scheduleRetry()
            }
        }
    }

    /// The app is about to quit: the report whose request is under way is
    /// finished (its password kept or the user told), no other is started.
    /// Returns whether nothing is under way; otherwise `waitUntilIdle` says
    /// when it is over.
    public func stopForQuit() -> Bool {
        guard pass != nil || !photoWrites.isEmpty else { return true }
        isStopping = true
        retry?.cancel()
        retry = nil
        return pass == nil
    }

    /// The quit was called off: sending goes on.
    public func resumeAfterQuitCancelled() {
        guard isStopping else { return }
        isStopping = false
        sendNow()
    }

    /// Completes when no pass is under way and every photo is written.
    public func waitUntilIdle() async {
        while pass != nil || !photoWrites.isEmpty {
            if let pass {
                await pass.value
            } else if let write = photoWrites.values.first {
                await write.value
            }
        }
    }

    /// How long to wait after `failedPasses` passes in a row could not reach the backend.
    static func retryDelay(afterFailures failures: Int) -> Duration {
        var delay = firstRetryDelay
        for _ in 1..<max(failures, 1) where delay < longestRetryDelay { delay *= 2 }
        return min(delay, longestRetryDelay)
    }

    private func scheduleRetry() {
        guard !isStopping, reports.contains(where: { $0.refusal == nil }) else { return }
        retry?.cancel()
        let delay = Self.retryDelay(afterFailures: failedPasses)
        retry = Task { [wait] in
            await wait(delay)
            guard !Task.isCancelled else { return }
            self.retry = nil
            self.sendNow()
        }
    }

    private enum Outcome {
        case sent, refused, unreachable
    }

    /// One pass over the waiting reports, oldest first; false when the
    /// backend could not be reached (the rest wait for the next pass).
    private func sendAll() async -> Bool {
        for id in reports.filter({ $0.refusal == nil }).map(\.id) {
            if isStopping { return true }
            await photoWrites[id]?.value
            guard let report = reports.first(where: { $0.id == id }) else { continue }
            if await send(report) == .unreachable { return false }
        }
        return true
    }

    private func send(_ pending: PendingReport) async -> Outcome {
        let today = CalendarDay(date: now(), timeZone: .current)
        guard case .success(let report) = pending.fields.validated(today: today) else {
            // Checked when it was queued: only a report from another version can fail here.
            refuse(pending.id, reason: tr("The server did not accept the report."))
            return .refused
        }
        sendingID = pending.id
        // Quitting now would lose the answer and its password.
        applicationHold?.hold()
        defer {
            sendingID = nil
            applicationHold?.release()
        }
        if let since = pending.unconfirmedSince {
            switch await CreatedReportLookup.find([report], since: since, in: repository) {
            case .success(let created?):
                logger.info(
                    "A pending report sent without an answer was created after all", metadata: ["id": "\(created.id)"])
                await finish(pending, created, password: nil)
                return .sent
            case .success(nil):
                break
            case .failure(let error):
                logger.info("The backend cannot be reached yet", metadata: ["error": "\(error)"])
                return .unreachable
            }
        }
        // Until a definite answer the report may be created: the file says
        // so before the request leaves, so a quit meanwhile still makes the
        // next run look for it rather than post it again.
        guard update(pending.id, { $0.unconfirmedSince = pending.unconfirmedSince ?? self.now() }) else {
            // Posting without the mark on disk could post it twice after a quit:
            // nothing leaves, and it is tried again later.
            update(pending.id) { $0.unconfirmedSince = pending.unconfirmedSince }
            logger.warning(
                "Not sending a pending report: its mark could not be saved", metadata: ["id": "\(pending.id)"])
            return .unreachable
        }
        do throws(PublishError) {
            let result = try await publisher.publish(report)
            await finish(pending, result.announcement, password: result.managementPassword)
            return .sent
        } catch {
            switch error {
            case .transport(let cause):
                logger.info("A pending report could not be sent yet", metadata: ["error": "\(cause)"])
                return .unreachable
            case .rejected, .unauthorized, .notFound:
                // A refusal is an answer: nothing was created.
                update(pending.id) { $0.unconfirmedSince = pending.unconfirmedSince }
                logger.warning("The backend refused a pending report", metadata: ["error": "\(error)"])
                refuse(pending.id, reason: tr("The server did not accept the report."))
                return .refused
            }
        }
    }

    /// The report exists on the server: its password kept, its photo added,
    /// shown in every list, the entry gone, and the user told.
    private func finish(_ pending: PendingReport, _ announcement: Announcement, password: String?) async {
        var passwordKept = password == nil
        if let password {
            do {
                try await passwords.keep(password: password, reportID: announcement.id, backend: backend)
                passwordKept = true
            } catch {
                logger.warning(
                    "Could not keep the report's password", metadata: ["id": "\(announcement.id)", "error": "\(error)"])
            }
        }
        var photoAdded = true
        if let photo = pending.photo {
            photoAdded = false
            if let password, let data = await file.loadPhotoInBackground(for: pending.id) {
                do throws(PublishError) {
                    try await publisher.addPhoto(
                        ReportPhoto(data: data, fileName: photo.fileName, mimeType: photo.mimeType),
                        toReport: announcement.id, password: password)
                    photoAdded = true
                } catch {
                    logger.warning(
                        "Could not add a pending report's photo",
                        metadata: ["id": "\(announcement.id)", "error": "\(error)"])
                }
            }
        }
        reports.removeAll { $0.id == pending.id }
        file.removePhoto(for: pending.id)
        save()
        // With its photo, the report as stored now (with the photo's address).
        var refetched = false
        if pending.photo != nil, photoAdded { refetched = await store.refetch(id: announcement.id) != nil }
        if !refetched { await store.insert(announcement) }
        onSent?(
            Self.sentMessage(
                name: pending.title, password: password, passwordKept: passwordKept, photoAdded: photoAdded))
    }

    static func sentMessage(name: String, password: String?, passwordKept: Bool, photoAdded: Bool) -> String {
        guard let password else {
            // Found on the server after a lost answer: the password never came.
            if !photoAdded {
                return tr(
                    // TRANSLATORS: {name} is the pet's name, or "Unnamed cat" and the like.
                    "Your report of {name} was published without its photo: its password did not arrive",
                    ["name": name])
            }
            // TRANSLATORS: {name} is the pet's name, or "Unnamed cat" and the like.
            return tr("Your report of {name} was published, but its password did not arrive", ["name": name])
        }
        if !passwordKept {
            return tr(
                // TRANSLATORS: {name} is the pet's name (or "Unnamed cat"); {password} is six digits.
                "Your report of {name} was sent. Its password could not be saved in the keyring: {password}",
                ["name": name, "password": password])
        }
        if !photoAdded {
            return tr(
                // TRANSLATORS: {name} is the pet's name, or "Unnamed cat" and the like.
                "Your report of {name} was sent, but its photo could not be added. Add it from My Reports",
                ["name": name])
        }
        // TRANSLATORS: {name} is the pet's name, or "Unnamed cat" and the like.
        return tr("Your report of {name} was sent", ["name": name])
    }

    private func refuse(_ id: String, reason: String) {
        update(id) { $0.refusal = reason }
    }

    /// Changes the report `id` and writes the list; false when it is gone or
    /// the file could not be written.
    @discardableResult
    private func update(_ id: String, _ change: (inout PendingReport) -> Void) -> Bool {
        guard let index = reports.firstIndex(where: { $0.id == id }) else { return false }
        change(&reports[index])
        return save()
    }

    /// Written on the main actor: a few kilobytes, and it must be on disk
    /// before the request it guards leaves.
    @discardableResult
    private func save() -> Bool {
        file.save(otherBackends + reports)
    }
}
