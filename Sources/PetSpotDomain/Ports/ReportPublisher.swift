// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Where new reports go: `POST /api/v1/announcements` and its photo upload,
/// and where a report is changed or closed (`PATCH`). The HTTP implementation
/// talks to a PetSpot backend; view-model tests use fakes.
public protocol ReportPublisher: Sendable {
    /// Creates the report. The answer carries the management password, shown once.
    func publish(_ report: NewReport) async throws(PublishError) -> PublishedReport

    /// Adds (or replaces) the report's photo, authorised by its management password.
    func addPhoto(_ photo: ReportPhoto, toReport id: String, password: String) async throws(PublishError)

    /// Changes the keys `changes` names (or closes the report), authorised by
    /// its management password; the answer is the report as stored now.
    func update(
        reportID id: String, changes: ReportChanges, password: String
    ) async throws(ReportUpdateError) -> Announcement
}

/// A report the backend created, with the password that manages it.
public struct PublishedReport: Sendable, Hashable {
    public var announcement: Announcement
    /// Six decimal digits; the backend keeps only a hash of it.
    public var managementPassword: String

    public init(announcement: Announcement, managementPassword: String) {
        self.announcement = announcement
        self.managementPassword = managementPassword
    }
}

/// A photo file's bytes, as picked by the user.
public struct ReportPhoto: Sendable, Hashable {
    public var data: Data
    /// The file's name, for the upload's `filename`.
    public var fileName: String
    /// `image/jpeg`, `image/png`, `image/gif` or `image/webp`.
    public var mimeType: String

    public init(data: Data, fileName: String, mimeType: String) {
        self.data = data
        self.fileName = fileName
        self.mimeType = mimeType
    }

    /// What the backend takes, as the contract says: larger is refused.
    public static var maximumBytes: Int { PhotoLimits.maximumBytes }
}

/// Why publishing failed, in terms the form can act on.
public enum PublishError: Error, Sendable, Hashable {
    /// The request may or may not have arrived (no connection, timed out, 5xx…).
    case transport(RepositoryError)
    /// `400`/`409`: the backend refused a field (`nil` when it named none).
    case rejected(field: ReportField?, problem: ReportProblem)
    /// `401`: the management password was not accepted.
    case unauthorized
    /// `404`: no such report.
    case notFound
}

/// Why changing or closing a report failed, in terms the user can act on.
public enum ReportUpdateError: Error, Sendable, Hashable {
    /// The change may or may not have arrived (no connection, timed out, an
    /// unreadable answer, 5xx…).
    case transport(RepositoryError)
    /// The backend has no way to change reports (`405`, or a `404` for a
    /// report it still serves): the original PetSpot API.
    case unsupported
    /// `401`: the management password was not accepted.
    case unauthorized
    /// `404`: the backend no longer has the report.
    case notFound
    /// `409` without a field: the report is closed and takes no more changes.
    case closed
    /// `429`: too many wrong passwords for this report; later.
    case tooManyAttempts
    /// `400`/`409` on a field (`nil` when the backend named none).
    case rejected(field: ReportField?, problem: ReportProblem)
}
