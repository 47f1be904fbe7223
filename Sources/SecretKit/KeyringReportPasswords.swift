// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Report passwords in the user's keyring, through libsecret and the Secret
/// Service (gnome-keyring on GNOME): one item per report in the default
/// collection (the login keyring), schema `io.github.petspot.PetSpot.Report`,
/// string attributes `backend` (the base URL without trailing slashes) and
/// `report-id`. Every call runs off the caller's thread; failures throw
/// `KeyringError` (or `CancellationError` when the task was cancelled).
/// The service is found under libsecret's bus name, `org.freedesktop.secrets`
/// unless the environment's `SECRET_SERVICE_BUS_NAME` names another.
public struct KeyringReportPasswords: Sendable {
    /// The schema's name, as keyring managers and `secret-tool` see it (`xdg:schema`).
    public static let schemaName = ReportPasswordSchema.name

    public init() {}

    public func store(password: String, label: String, backend: URL, reportID: String) async throws {
        let key = ReportPasswordKey(backend: backend, reportID: reportID)
        try await SecretServiceCall.run { service in
            try service.store(password: password, label: label, key: key)
        }
    }

    public func password(backend: URL, reportID: String) async throws -> String? {
        let key = ReportPasswordKey(backend: backend, reportID: reportID)
        return try await SecretServiceCall.run { service in
            try service.password(key: key)
        }
    }

    public func storedReports(backend: URL) async throws -> [KeyringReportPassword] {
        let backend = ReportPasswordKey.backendAttribute(backend)
        return try await SecretServiceCall.run { service in
            try service.storedReports(backend: backend)
        }
    }

    /// The ids of the reports stored for `backend`, ordered, without their
    /// passwords: never asks the user to unlock the keyring.
    public func storedReportIDs(backend: URL) async throws -> [String] {
        let backend = ReportPasswordKey.backendAttribute(backend)
        return try await SecretServiceCall.run { service in
            try service.storedReportIDs(backend: backend)
        }
    }

    public func removePassword(backend: URL, reportID: String) async throws {
        let key = ReportPasswordKey(backend: backend, reportID: reportID)
        _ = try await SecretServiceCall.run { service in
            try service.remove(key: key)
        }
    }
}
