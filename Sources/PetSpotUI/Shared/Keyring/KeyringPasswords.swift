// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotPresentation
import SecretKit

/// The presentation layer's password port over the user's keyring. A backend
/// is named by its URL: the API's, or the demo database's file URL.
public struct KeyringPasswords: ReportPasswordKeeping {
    private let keyring = KeyringReportPasswords()

    public init() {}

    public func keep(password: String, reportID: String, backend: String) async throws {
        try await keyring.store(
            password: password, label: tr("PetSpot report {id}", ["id": reportID]), backend: try url(backend),
            reportID: reportID)
    }

    public func password(reportID: String, backend: String) async throws -> String? {
        try await keyring.password(backend: try url(backend), reportID: reportID)
    }

    public func keptReports(backend: String) async throws -> [KeptReportPassword] {
        try await keyring.storedReports(backend: try url(backend)).map {
            KeptReportPassword(reportID: $0.reportID, password: $0.password)
        }
    }

    public func keptReportIDs(backend: String) async throws -> Set<String> {
        Set(try await keyring.storedReportIDs(backend: try url(backend)))
    }

    public func removePassword(reportID: String, backend: String) async throws {
        try await keyring.removePassword(backend: try url(backend), reportID: reportID)
    }

    private func url(_ backend: String) throws -> URL {
        guard let url = URL(string: backend) else { throw KeyringError.failed(detail: "not a URL: \(backend)") }
        return url
    }
}
