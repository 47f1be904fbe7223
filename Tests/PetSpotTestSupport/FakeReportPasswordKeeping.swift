// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotLocking
import PetSpotPresentation

/// A keyring in memory: passwords per backend, in the order they were kept.
/// Keeping and reading can be made to fail; every call is recorded.
public final class FakeReportPasswordKeeping: ReportPasswordKeeping {
    public struct KeyringError: Error, Sendable, Equatable {
        public init() {}
    }

    /// One `keep` call.
    public struct KeepCall: Sendable, Hashable {
        public let password: String
        public let reportID: String
        public let backend: String

        public init(password: String, reportID: String, backend: String) {
            self.password = password
            self.reportID = reportID
            self.backend = backend
        }
    }

    private struct State {
        var entries: [String: [KeptReportPassword]] = [:]
        var failKeeping = false
        var failReads = false
        var failRemovals = false
        var removals: [String] = []
        var keepCalls: [KeepCall] = []
        var passwordLookups: [String] = []
        var listings: [String] = []
    }

    private let state = Locked(State())

    public init() {}

    /// Puts a password in, as an earlier run would have.
    public func preload(password: String, reportID: String, backend: String) {
        state.withLock { state in
            state.entries[backend, default: []].removeAll { $0.reportID == reportID }
            state.entries[backend, default: []].append(KeptReportPassword(reportID: reportID, password: password))
        }
    }

    public func failKeeping(_ fail: Bool) { state.withLock { $0.failKeeping = fail } }
    public func failReads(_ fail: Bool) { state.withLock { $0.failReads = fail } }
    public func failRemovals(_ fail: Bool) { state.withLock { $0.failRemovals = fail } }

    public var keepCalls: [KeepCall] { state.withLock { $0.keepCalls } }
    /// The report ids `password(reportID:backend:)` was asked for.
    public var passwordLookups: [String] { state.withLock { $0.passwordLookups } }
    /// The report ids `removePassword(reportID:backend:)` was asked for.
    public var removals: [String] { state.withLock { $0.removals } }
    /// The backends `keptReports(backend:)` was asked for.
    public var listings: [String] { state.withLock { $0.listings } }

    public func kept(backend: String) -> [KeptReportPassword] {
        state.withLock { $0.entries[backend] ?? [] }
    }

    public func keep(password: String, reportID: String, backend: String) async throws {
        let fail = state.withLock { state -> Bool in
            state.keepCalls.append(KeepCall(password: password, reportID: reportID, backend: backend))
            return state.failKeeping
        }
        if fail { throw KeyringError() }
        preload(password: password, reportID: reportID, backend: backend)
    }

    public func password(reportID: String, backend: String) async throws -> String? {
        let (fail, password) = state.withLock { state -> (Bool, String?) in
            state.passwordLookups.append(reportID)
            return (state.failReads, state.entries[backend]?.first { $0.reportID == reportID }?.password)
        }
        if fail { throw KeyringError() }
        return password
    }

    public func keptReports(backend: String) async throws -> [KeptReportPassword] {
        let (fail, entries) = state.withLock { state -> (Bool, [KeptReportPassword]) in
            state.listings.append(backend)
            return (state.failReads, state.entries[backend] ?? [])
        }
        if fail { throw KeyringError() }
        return entries
    }

    public func removePassword(reportID: String, backend: String) async throws {
        let fail = state.withLock { state -> Bool in
            state.removals.append(reportID)
            guard !state.failRemovals else { return true }
            state.entries[backend]?.removeAll { $0.reportID == reportID }
            return false
        }
        if fail { throw KeyringError() }
    }
}
