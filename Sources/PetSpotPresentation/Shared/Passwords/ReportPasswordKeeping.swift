// SPDX-License-Identifier: GPL-3.0-or-later

/// Where the management passwords of the reports this user created are kept:
/// the desktop's keyring (libsecret) in the app, an in-memory fake in tests.
/// A password is kept per backend (the API base URL as given, such as
/// `http://localhost:3000`), since report ids are only unique on one backend.
public protocol ReportPasswordKeeping: Sendable {
    /// Keeps `password` for `reportID` on `backend`, replacing any earlier one.
    func keep(password: String, reportID: String, backend: String) async throws
    /// The password kept for `reportID` on `backend`; nil when there is none.
    func password(reportID: String, backend: String) async throws -> String?
    /// Every report on `backend` this user keeps a password for, in no particular order.
    func keptReports(backend: String) async throws -> [KeptReportPassword]
    /// Forgets the password kept for `reportID` on `backend`; none kept is no error.
    func removePassword(reportID: String, backend: String) async throws
    /// The ids of the reports on `backend` this user keeps a password for,
    /// without the passwords: for work nobody is watching (the alerts' checks),
    /// which must not ask the user to unlock the keyring.
    func keptReportIDs(backend: String) async throws -> Set<String>
}

extension ReportPasswordKeeping {
    public func keptReportIDs(backend: String) async throws -> Set<String> {
        Set(try await keptReports(backend: backend).map(\.reportID))
    }
}

/// A report this user created, with the password that manages it.
public struct KeptReportPassword: Sendable, Hashable {
    public var reportID: String
    public var password: String

    public init(reportID: String, password: String) {
        self.reportID = reportID
        self.password = password
    }
}
