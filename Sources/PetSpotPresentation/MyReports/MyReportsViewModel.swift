// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import Observation
import PetSpotDomain

/// Backs My Reports: the reports this user created on this backend (those
/// whose password the keyring keeps), each fetched fresh from the details
/// endpoint and shown as the same card Home and Reports show. A report the
/// backend no longer has is listed as gone; it does not fail the list. Each
/// report can get a photo, checked as the form checks one and sent with the
/// kept password, and can be removed from this computer (its password
/// forgotten; the report stays on the server). An open report can be marked
/// as reunited (asked first; it is closed on the server with the kept
/// password) or edited (the form, `ReportFormViewModel(editing:)`); either
/// change reaches Home, Reports and the Map through the store at once. Each
/// open report says how many possible matches the store's reports hold for it.
@MainActor
@Observable
public final class MyReportsViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        /// This user has created no report on this backend.
        case empty
        case loaded
        /// The keyring or the backend failed: Retry.
        case failed(message: String)
    }

    /// Adding a photo to one report.
    public enum PhotoUpload: Equatable, Sendable {
        case idle
        /// The file is being read and checked.
        case checking
        case uploading
        case added
        case failed(message: String)
    }

    /// Forgetting one report's password, which takes it off the list.
    public enum Removal: Equatable, Sendable {
        case idle
        case removing
        case failed(message: String)
    }

    /// Closing one report because the pet is home.
    public enum Reunion: Equatable, Sendable {
        case idle
        case closing
        case failed(message: String)
    }

    /// The question asked before a report is closed.
    public struct ReunionQuestion: Equatable, Sendable {
        public let reportID: String
        public let heading: String
        public let body: String
    }

    /// One report of this user's.
    public struct Item: Equatable, Sendable, Identifiable {
        public let id: String
        /// As Home and Reports show it; nil when the report no longer exists.
        public fileprivate(set) var card: AnnouncementCard?
        public fileprivate(set) var photoUpload: PhotoUpload = .idle
        public fileprivate(set) var removal: Removal = .idle
        public fileprivate(set) var reunion: Reunion = .idle
        /// How many reports may be the same pet; nil until counted, and for
        /// a closed report (which matches nothing).
        public fileprivate(set) var matchCount: Int?

        public var isGone: Bool { card == nil }

        /// Closed on the server: the pet is home, and the report takes no changes.
        public var isClosed: Bool { card?.status == .closed }

        /// Mark as Reunited and Edit are possible: the report is open, and
        /// neither a closing nor a photo is on its way.
        public var canChange: Bool {
            guard !isGone, !isClosed, reunion != .closing else { return false }
            switch photoUpload {
            case .checking, .uploading: return false
            case .idle, .added, .failed: return true
            }
        }

        /// "3 possible matches", "No possible matches"; nil when not counted.
        public var matchText: String? {
            guard let matchCount, !isClosed else { return nil }
            if matchCount == 0 { return tr("No possible matches") }
            // TRANSLATORS: how many other reports may be about the same pet, under one of My Reports.
            return trn("{count} possible match", "{count} possible matches", count: matchCount)
        }

        /// Add Photo is possible: the report exists, is open, and no photo
        /// or closing is on its way.
        public var canAddPhoto: Bool {
            guard !isGone, !isClosed, reunion != .closing else { return false }
            switch photoUpload {
            case .checking, .uploading: return false
            case .idle, .added, .failed: return true
            }
        }

        /// Remove is possible: not under way, and no photo on its way (which
        /// needs the password being removed).
        public var canRemove: Bool {
            switch (removal, photoUpload) {
            case (.removing, _), (_, .checking), (_, .uploading): false
            default: true
            }
        }

        /// What a gone report's row says.
        public var goneText: String { tr("This report no longer exists.") }
    }

    public private(set) var state: State = .idle
    /// Newest first; gone reports after the others.
    public private(set) var items: [Item] = []
    /// Mark as Reunited was asked for: the question to confirm, until answered.
    public private(set) var reunionQuestion: ReunionQuestion?

    @ObservationIgnored private let repository: any AnnouncementRepository
    @ObservationIgnored private let publisher: any ReportPublisher
    @ObservationIgnored private let passwords: any ReportPasswordKeeping
    @ObservationIgnored private let backend: String
    @ObservationIgnored private let store: AnnouncementStore
    @ObservationIgnored private let photoReader: ReportPhotoReader
    @ObservationIgnored private let locale: Locale
    @ObservationIgnored private let logger = Logger(label: "io.github.petspot.my-reports")
    /// The reports behind the cards, to format them again when the location arrives.
    @ObservationIgnored private var announcements: [String: Announcement] = [:]
    @ObservationIgnored private var currentLoad: Task<Void, Never>?
    @ObservationIgnored private var loadGeneration = 0
    /// The photo uploads under way, by report, each with its serial number.
    @ObservationIgnored private var uploads: [String: (serial: Int, task: Task<Void, Never>)] = [:]
    @ObservationIgnored private var uploadSerial = 0
    /// Removals under way, by report.
    @ObservationIgnored private var removals: [String: Task<Void, Never>] = [:]
    /// Reports removed while this list is open: a load that read the keyring
    /// before the removal must not bring them back.
    @ObservationIgnored private var removedIDs: Set<String> = []
    @ObservationIgnored private var locationListener: UserLocation.Listener?
    @ObservationIgnored private let finder: MatchFinder
    @ObservationIgnored private var storeSubscription: Int?
    @ObservationIgnored private var matchCounting: Task<Void, Never>?
    @ObservationIgnored private var matchGeneration = 0
    /// Closings under way, by report.
    @ObservationIgnored private var reunions: [String: Task<Void, Never>] = [:]

    /// What one kept report turned out to be.
    private enum Fetched: Sendable {
        case found(Announcement)
        case gone(id: String)

        var id: String {
            switch self {
            case .found(let announcement): announcement.id
            case .gone(let id): id
            }
        }
    }

    /// - Parameter store: its location formats the cards, and a photo added
    ///   reaches Home and Reports through it.
    public init(
        repository: any AnnouncementRepository, publisher: any ReportPublisher,
        passwords: any ReportPasswordKeeping, backend: String, store: AnnouncementStore,
        photoReader: ReportPhotoReader = ReportPhotoReader(), finder: MatchFinder = MatchFinder(),
        locale: Locale = Localization.locale
    ) {
        self.finder = finder
        self.repository = repository
        self.publisher = publisher
        self.passwords = passwords
        self.backend = backend
        self.store = store
        self.photoReader = photoReader
        self.locale = locale
        locationListener = store.location.onChange { [weak self] _ in self?.locationChanged() }
        storeSubscription = store.subscribe { [weak self] _ in self?.countMatches() }
    }

    /// The window closed: stops listening for the location (each opening
    /// makes a view model of its own) and drops the load under way.
    public func close() {
        if let locationListener { store.location.removeListener(locationListener) }
        locationListener = nil
        if let storeSubscription { store.unsubscribe(storeSubscription) }
        storeSubscription = nil
        currentLoad?.cancel()
        matchCounting?.cancel()
    }

    /// First display: load once.
    public func start() {
        if state == .idle { reload() }
    }

    /// Reads the keyring and fetches every report again (Retry, Refresh).
    public func reload() {
        currentLoad?.cancel()
        loadGeneration += 1
        let generation = loadGeneration
        state = .loading
        currentLoad = Task { [repository, passwords, backend] in
            let outcome = await Self.fetchAll(repository: repository, passwords: passwords, backend: backend)
            guard generation == self.loadGeneration else { return }
            self.show(outcome)
        }
    }

    public func retry() { reload() }

    /// Adds the photo at `path` to `reportID`, with the password the keyring keeps for it.
    public func addPhoto(path: String, to reportID: String) {
        guard let item = items.first(where: { $0.id == reportID }), item.canAddPhoto else { return }
        setUpload(.checking, for: reportID)
        uploadSerial += 1
        let serial = uploadSerial
        let task = Task { [photoReader] in
            defer { if self.uploads[reportID]?.serial == serial { self.uploads[reportID] = nil } }
            switch await photoReader.read(path: path) {
            case .failure(let problem):
                self.setUpload(.failed(message: problem.message), for: reportID)
            case .success(let photo):
                self.setUpload(.uploading, for: reportID)
                await self.upload(photo, to: reportID)
            }
        }
        uploads[reportID] = (serial, task)
    }

    /// Forgets `reportID`'s password on this computer and takes it off the
    /// list; the report itself stays on the server.
    public func remove(reportID: String) {
        guard let item = items.first(where: { $0.id == reportID }), item.canRemove else { return }
        setRemoval(.removing, for: reportID)
        removals[reportID] = Task { [passwords, backend] in
            defer { self.removals[reportID] = nil }
            do {
                try await passwords.removePassword(reportID: reportID, backend: backend)
            } catch {
                self.logger.warning(
                    "Could not remove a report's password", metadata: ["id": "\(reportID)", "error": "\(error)"])
                self.setRemoval(.failed(message: tr("The keyring could not be changed.")), for: reportID)
                return
            }
            self.removedIDs.insert(reportID)
            self.announcements[reportID] = nil
            self.items.removeAll { $0.id == reportID }
            if self.state == .loaded, self.items.isEmpty { self.state = .empty }
        }
    }

    /// The report behind `reportID`'s card, for the edit form.
    public func announcement(reportID: String) -> Announcement? {
        announcements[reportID]
    }

    /// Mark as Reunited: asks first (`reunionQuestion`), since everyone then
    /// sees the report as closed.
    public func askToMarkReunited(reportID: String) {
        guard reunionQuestion == nil, let item = items.first(where: { $0.id == reportID }), item.canChange,
            let card = item.card
        else { return }
        reunionQuestion = ReunionQuestion(
            reportID: reportID, heading: tr("Mark {name} as Reunited?", ["name": card.title]),
            body: tr(
                "The report will show as closed to everyone, and it can no longer be changed. Do this once the pet is home."
            ))
    }

    /// The question was answered: `confirmed` closes the report on the server.
    public func answerReunionQuestion(confirmed: Bool) {
        guard let question = reunionQuestion else { return }
        reunionQuestion = nil
        guard confirmed else { return }
        markReunited(reportID: question.reportID)
    }

    /// A report the edit form changed: its card shows the change.
    public func reportChanged(_ announcement: Announcement) {
        guard let index = items.firstIndex(where: { $0.id == announcement.id }) else { return }
        announcements[announcement.id] = announcement
        items[index].card = card(for: announcement)
        countMatches()
    }

    /// Completes when every closing under way has finished.
    public func waitForReunions() async {
        while let reunion = reunions.values.first {
            await reunion.value
        }
    }

    /// Completes when the match counts under way are in.
    public func waitForMatchCounts() async {
        await matchCounting?.value
    }

    private func markReunited(reportID: String) {
        guard let item = items.first(where: { $0.id == reportID }), item.canChange else { return }
        setReunion(.closing, for: reportID)
        reunions[reportID] = Task { [passwords, backend, publisher] in
            defer { self.reunions[reportID] = nil }
            let password: String?
            do {
                password = try await passwords.password(reportID: reportID, backend: backend)
            } catch {
                self.logger.warning(
                    "Could not read a report's password", metadata: ["id": "\(reportID)", "error": "\(error)"])
                self.setReunion(.failed(message: tr("The keyring could not be read.")), for: reportID)
                return
            }
            guard let password else {
                self.setReunion(.failed(message: tr("The keyring has no password for this report.")), for: reportID)
                return
            }
            let closed: Announcement
            do throws(ReportUpdateError) {
                closed = try await publisher.update(reportID: reportID, changes: .closing, password: password)
            } catch {
                self.setReunion(.failed(message: error.userMessage), for: reportID)
                if error == .notFound { self.markGone(reportID) }
                return
            }
            self.setReunion(.idle, for: reportID)
            self.reportChanged(closed)
            // Home, Reports and the Map show it closed at once.
            await self.store.insert(closed)
        }
    }

    private func setReunion(_ reunion: Reunion, for reportID: String) {
        guard let index = items.firstIndex(where: { $0.id == reportID }) else { return }
        items[index].reunion = reunion
    }

    /// Counts each open report's possible matches among the store's reports
    /// (those the lists show); off the main thread when there are many.
    /// Before the store has a list nothing is counted and nothing is
    /// fetched: its first list counts them.
    private func countMatches() {
        matchCounting?.cancel()
        matchGeneration += 1
        let generation = matchGeneration
        let reports = items.compactMap { announcements[$0.id] }.filter { $0.status != .closed }
        guard !reports.isEmpty, let snapshot = store.latest else { return }
        matchCounting = Task { [finder] in
            let counts = await Self.count(finder, reports, among: snapshot.announcements)
            guard let counts, generation == self.matchGeneration else { return }
            for index in self.items.indices {
                if let count = counts[self.items[index].id] { self.items[index].matchCount = count }
            }
        }
    }

    @concurrent
    private nonisolated static func count(
        _ finder: MatchFinder, _ reports: [Announcement], among candidates: [Announcement]
    ) async -> [String: Int]? {
        var counts: [String: Int] = [:]
        for report in reports {
            if Task.isCancelled { return nil }
            // The report as this list has it, not an older copy in the store's list.
            counts[report.id] = finder.matches(for: report, among: candidates).count
        }
        return counts
    }

    /// Completes when every removal under way has finished.
    public func waitForRemovals() async {
        while let removal = removals.values.first {
            await removal.value
        }
    }

    /// Completes when the current load has finished.
    public func waitForCurrentLoad() async {
        await currentLoad?.value
    }

    /// Completes when every photo on its way has been added or has failed.
    public func waitForPhotoUploads() async {
        while let upload = uploads.values.first {
            await upload.task.value
        }
    }

    private func upload(_ photo: ReportPhoto, to reportID: String) async {
        let password: String?
        do {
            password = try await passwords.password(reportID: reportID, backend: backend)
        } catch {
            logger.warning("Could not read a report's password", metadata: ["id": "\(reportID)", "error": "\(error)"])
            setUpload(.failed(message: tr("The keyring could not be read.")), for: reportID)
            return
        }
        guard let password else {
            setUpload(.failed(message: tr("The keyring has no password for this report.")), for: reportID)
            return
        }
        do throws(PublishError) {
            try await publisher.addPhoto(photo, toReport: reportID, password: password)
        } catch {
            setUpload(.failed(message: error.photoMessage), for: reportID)
            if error == .notFound { markGone(reportID) }
            return
        }
        // The report as the server has it now, with its photo, here and on Home and Reports.
        if let fresh = await store.refetch(id: reportID) {
            announcements[reportID] = fresh
            if let index = items.firstIndex(where: { $0.id == reportID }) { items[index].card = card(for: fresh) }
        }
        setUpload(.added, for: reportID)
    }

    private func setUpload(_ upload: PhotoUpload, for reportID: String) {
        guard let index = items.firstIndex(where: { $0.id == reportID }) else { return }
        items[index].photoUpload = upload
    }

    private func setRemoval(_ removal: Removal, for reportID: String) {
        guard let index = items.firstIndex(where: { $0.id == reportID }) else { return }
        items[index].removal = removal
    }

    private func markGone(_ reportID: String) {
        announcements[reportID] = nil
        guard let index = items.firstIndex(where: { $0.id == reportID }) else { return }
        var item = items.remove(at: index)
        item.card = nil
        items.append(item)
    }

    private func show(_ outcome: Result<[Fetched], MyReportsFailure>) {
        switch outcome {
        case .failure(let failure):
            state = .failed(message: failure.message)
        case .success(let fetched):
            var found: [Announcement] = []
            var gone: [String] = []
            for entry in fetched where !removedIDs.contains(entry.id) {
                switch entry {
                case .found(let announcement): found.append(announcement)
                case .gone(let id): gone.append(id)
                }
            }
            found.sort { $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : $0.id < $1.id }
            announcements = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let kept = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            // A removal under way goes on: its row stays marked.
            let removal = { (id: String) -> Removal in self.removals[id] == nil ? .idle : .removing }
            // A closing under way goes on; one that failed still says why
            // until the user tries again (or the report turns out closed).
            let reunion = { (id: String) -> Reunion in
                if self.reunions[id] != nil { return .closing }
                if let failed = kept[id]?.reunion, case .failed = failed, self.announcements[id]?.status != .closed {
                    return failed
                }
                return .idle
            }
            items =
                found.map {
                    Item(
                        id: $0.id, card: card(for: $0), photoUpload: kept[$0.id]?.photoUpload ?? .idle,
                        removal: removal($0.id), reunion: reunion($0.id),
                        matchCount: kept[$0.id]?.matchCount)
                } + gone.sorted().map { Item(id: $0, card: nil, removal: removal($0)) }
            state = items.isEmpty ? .empty : .loaded
            countMatches()
        }
    }

    private func card(for announcement: Announcement) -> AnnouncementCard {
        AnnouncementCard(announcement, userLocation: store.location.coordinate, locale: locale)
    }

    private func locationChanged() {
        for index in items.indices {
            if let announcement = announcements[items[index].id] { items[index].card = card(for: announcement) }
        }
    }

    /// Why the list could not be shown.
    private enum MyReportsFailure: Error {
        case keyring
        case backend(RepositoryError)

        var message: String {
            switch self {
            case .keyring: tr("Your reports could not be read from the keyring.")
            case .backend(let error): error.userMessage
            }
        }
    }

    /// The keyring's reports for this backend, each fetched at once; a 404 is
    /// a gone report, any other failure fails the list.
    private nonisolated static func fetchAll(
        repository: any AnnouncementRepository, passwords: any ReportPasswordKeeping, backend: String
    ) async -> Result<[Fetched], MyReportsFailure> {
        let kept: [KeptReportPassword]
        do {
            kept = try await passwords.keptReports(backend: backend)
        } catch {
            Logger(label: "io.github.petspot.my-reports")
                .warning("Could not list the kept reports", metadata: ["error": "\(error)"])
            return .failure(.keyring)
        }
        var ids: [String] = []
        for entry in kept where !ids.contains(entry.reportID) { ids.append(entry.reportID) }
        return await withTaskGroup(of: Result<Fetched, RepositoryError>.self) { group in
            for id in ids {
                group.addTask {
                    do throws(RepositoryError) {
                        return .success(.found(try await repository.announcement(id: id)))
                    } catch {
                        return error == .notFound ? .success(.gone(id: id)) : .failure(error)
                    }
                }
            }
            var fetched: [Fetched] = []
            for await result in group {
                switch result {
                case .success(let entry): fetched.append(entry)
                case .failure(let error):
                    group.cancelAll()
                    return .failure(.backend(error))
                }
            }
            return .success(fetched)
        }
    }
}
