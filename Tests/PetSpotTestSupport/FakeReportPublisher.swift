// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotLocking

/// A publisher whose answers the test scripts and whose calls it records.
/// Publishing and photo uploads can be held open until the test releases
/// them, to look at the states in between.
public final class FakeReportPublisher: ReportPublisher {
    /// How the next `publish` answers.
    public enum PublishAnswer: Sendable {
        /// Created, with this id, password and server time.
        case created(id: String, password: String, createdAt: Date)
        case failure(PublishError)
    }

    /// One `addPhoto` call.
    public struct PhotoUpload: Sendable, Hashable {
        public let reportID: String
        public let password: String
        public let photo: ReportPhoto
    }

    /// One `update` call.
    public struct Update: Sendable, Hashable {
        public let reportID: String
        public let changes: ReportChanges
        public let password: String

        public init(reportID: String, changes: ReportChanges, password: String) {
            self.reportID = reportID
            self.changes = changes
            self.password = password
        }
    }

    private struct State {
        var updateAnswers: [Result<Announcement?, ReportUpdateError>] = []
        var updates: [Update] = []
        var holdUpdates = false
        var publishAnswers: [PublishAnswer] = []
        var photoAnswers: [Result<Void, PublishError>] = []
        var published: [NewReport] = []
        var photoUploads: [PhotoUpload] = []
        var holdPublishes = false
        var holdPhotos = false
        var held: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())
    private let served = Locked([String: Announcement]())

    public init() {}

    /// The answers of the next `publish` calls, in order; the last one repeats.
    /// Without any, every report is created as `report-N` with password `123456`.
    public func answerPublishes(_ answers: PublishAnswer...) { state.withLock { $0.publishAnswers = answers } }
    /// The answers of the next `addPhoto` calls, in order; the last one repeats (default: success).
    public func answerPhotos(_ answers: Result<Void, PublishError>...) { state.withLock { $0.photoAnswers = answers } }

    /// The answers of the next `update` calls, in order; the last one repeats.
    /// `.success(nil)` (the default) answers with the `base` given to `update`'s
    /// caller changed as asked, via `answerUpdates(applyingTo:)`.
    public func answerUpdates(_ answers: Result<Announcement?, ReportUpdateError>...) {
        state.withLock { $0.updateAnswers = answers }
    }

    /// The reports `update` changes when its answer is `.success(nil)`, by id.
    public func serveReports(_ reports: [Announcement]) {
        served.withLock { served in for report in reports { served[report.id] = report } }
    }

    public func holdUpdates(_ hold: Bool) { state.withLock { $0.holdUpdates = hold } }

    /// Every `update` call, in order.
    public var updates: [Update] { state.withLock { $0.updates } }

    /// While holding, calls wait (after being recorded) until `releaseHeld()`.
    public func holdPublishes(_ hold: Bool) { state.withLock { $0.holdPublishes = hold } }
    public func holdPhotos(_ hold: Bool) { state.withLock { $0.holdPhotos = hold } }

    public func releaseHeld() {
        let held = state.withLock { state in
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    /// Every report `publish` was called with, in order.
    public var publishedReports: [NewReport] { state.withLock { $0.published } }
    public var photoUploads: [PhotoUpload] { state.withLock { $0.photoUploads } }
    public var heldCount: Int { state.withLock { $0.held.count } }

    public func publish(_ report: NewReport) async throws(PublishError) -> PublishedReport {
        let (answer, hold) = state.withLock { state -> (PublishAnswer, Bool) in
            let index = min(state.published.count, max(state.publishAnswers.count - 1, 0))
            state.published.append(report)
            let answer =
                state.publishAnswers.isEmpty
                ? .created(
                    id: "report-\(state.published.count)", password: "123456",
                    createdAt: Date(timeIntervalSince1970: 1_800_000_000))
                : state.publishAnswers[index]
            return (answer, state.holdPublishes)
        }
        if hold { await waitUntilReleased() }
        switch answer {
        case .created(let id, let password, let createdAt):
            return PublishedReport(
                announcement: Self.announcement(for: report, id: id, createdAt: createdAt), managementPassword: password
            )
        case .failure(let error):
            throw error
        }
    }

    public func addPhoto(_ photo: ReportPhoto, toReport id: String, password: String) async throws(PublishError) {
        let (answer, hold) = state.withLock { state -> (Result<Void, PublishError>, Bool) in
            let index = min(state.photoUploads.count, max(state.photoAnswers.count - 1, 0))
            state.photoUploads.append(PhotoUpload(reportID: id, password: password, photo: photo))
            return (state.photoAnswers.isEmpty ? .success(()) : state.photoAnswers[index], state.holdPhotos)
        }
        if hold { await waitUntilReleased() }
        try answer.get()
    }

    public func update(
        reportID id: String, changes: ReportChanges, password: String
    ) async throws(ReportUpdateError) -> Announcement {
        let (answer, hold) = state.withLock { state -> (Result<Announcement?, ReportUpdateError>, Bool) in
            let index = min(state.updates.count, max(state.updateAnswers.count - 1, 0))
            state.updates.append(Update(reportID: id, changes: changes, password: password))
            return (state.updateAnswers.isEmpty ? .success(nil) : state.updateAnswers[index], state.holdUpdates)
        }
        if hold { await waitUntilReleased() }
        if let answered = try answer.get() { return answered }
        guard let base = served.withLock({ $0[id] }) else { throw .notFound }
        let changed = Self.applying(changes, to: base)
        served.withLock { $0[id] = changed }
        return changed
    }

    /// `report` with `changes` made, as a server would store it.
    public static func applying(_ changes: ReportChanges, to report: Announcement) -> Announcement {
        var changed = report
        func text(_ value: ReportChanges.Value) -> String? {
            if case .text(let text) = value { text } else { nil }
        }
        for (field, value) in changes.values {
            switch field {
            case .status: changed.status = text(value).flatMap(AnnouncementStatus.init(wireValue:)) ?? report.status
            case .petName: changed.petName = text(value)
            case .species: changed.species = Species(wireValue: text(value) ?? "")
            case .breed: changed.breed = text(value)
            case .sex: changed.sex = Sex(wireValue: text(value) ?? "")
            case .age: changed.age = if case .integer(let age) = value { age } else { nil }
            case .description: changed.description = text(value)
            case .microchipNumber: changed.microchipNumber = text(value)
            case .locationLatitude:
                if case .number(let latitude) = value {
                    changed.coordinate =
                        Coordinate(latitude: latitude, longitude: changed.coordinate.longitude) ?? changed.coordinate
                }
            case .locationLongitude:
                if case .number(let longitude) = value {
                    changed.coordinate =
                        Coordinate(latitude: changed.coordinate.latitude, longitude: longitude) ?? changed.coordinate
                }
            case .lastSeenDate:
                changed.lastSeenDate = text(value).flatMap(CalendarDay.init(isoString:)) ?? report.lastSeenDate
            case .email: changed.email = text(value)
            case .phone: changed.phone = text(value)
            case .reward: changed.reward = text(value)
            case .contact: break
            }
        }
        changed.updatedAt = (report.updatedAt ?? report.createdAt).addingTimeInterval(1)
        return changed
    }

    private func waitUntilReleased() async {
        await withCheckedContinuation { continuation in
            state.withLock { $0.held.append(continuation) }
        }
    }

    /// `report` as a server stores it: what `publish` answers, and what a
    /// list shows once it exists.
    public static func announcement(
        for report: NewReport, id: String, createdAt: Date, photoURL: URL? = nil
    ) -> Announcement {
        Announcement(
            id: id, petName: report.petName, species: Species(wireValue: report.species), breed: report.breed,
            sex: report.sex, age: report.age, description: report.description,
            microchipNumber: report.microchipNumber, coordinate: report.coordinate,
            lastSeenDate: report.lastSeenDate, email: report.email, phone: report.phone, photoURL: photoURL,
            status: report.status, reward: report.reward, createdAt: createdAt)
    }
}
