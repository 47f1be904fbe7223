// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// One report's password as the keyring holds it.
public struct KeyringReportPassword: Sendable, Hashable {
    public var reportID: String
    public var password: String

    public init(reportID: String, password: String) {
        self.reportID = reportID
        self.password = password
    }
}

/// Why the keyring could not do what was asked. `detail` is the keyring's own
/// message (for the log, never for the user); the case is what a message to
/// the user can be chosen from.
public enum KeyringError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No session bus, or no Secret Service on it (no gnome-keyring, KWallet…).
    case noSecretService(detail: String)
    /// The keyring is locked and was not unlocked: the user dismissed the
    /// unlock prompt, or no prompt could be shown.
    case locked(detail: String)
    /// Anything else the secret service answered.
    case failed(detail: String)

    public var detail: String {
        switch self {
        case .noSecretService(let detail), .locked(let detail), .failed(let detail): detail
        }
    }

    public var description: String {
        switch self {
        case .noSecretService(let detail): "no secret service on the session bus: \(detail)"
        case .locked(let detail): "the keyring is locked: \(detail)"
        case .failed(let detail): "the keyring failed: \(detail)"
        }
    }
}

/// How a report's password is found again: the backend's base URL, written
/// the same way whatever slash it ended with, and the report's id.
public struct ReportPasswordKey: Sendable, Hashable {
    /// The `backend` attribute: the URL as written, without trailing slashes.
    public var backend: String
    /// The `report-id` attribute.
    public var reportID: String

    public init(backend: URL, reportID: String) {
        self.backend = Self.backendAttribute(backend)
        self.reportID = reportID
    }

    /// `backend`'s absolute string without trailing slashes, so the root of a
    /// server is one backend however it was typed.
    public static func backendAttribute(_ backend: URL) -> String {
        var text = Substring(backend.absoluteString)
        while text.last == "/" { text = text.dropLast() }
        return String(text)
    }
}
