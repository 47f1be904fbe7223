// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain
import PetSpotLocking

/// The report form's draft on disk: `$XDG_DATA_HOME/petspot/report-draft.json`
/// (it is the user's own text, not a setting). Written whole to a temporary
/// file that then replaces the old one (Foundation's atomic write: a
/// temporary file in the same folder, renamed), so a crash mid-write leaves
/// the previous draft, never half of one. An empty draft removes the file.
/// A file that cannot be read as a draft is logged and ignored, never an error
/// for the user.
public final class ReportDraftFile: Sendable {
    public let fileURL: URL
    private let logger: Logger

    /// A draft is a few kilobytes; anything far larger is not one of ours.
    static let maximumBytes = 1024 * 1024

    public init(fileURL: URL, logger: Logger = Logger(label: "io.github.petspot.report-draft")) {
        self.fileURL = fileURL
        self.logger = logger
    }

    public convenience init(directories: XDGDirectories = XDGDirectories()) {
        self.init(fileURL: directories.appData.appendingPathComponent("report-draft.json"))
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: fileURL.path) }

    /// The draft kept, or nil when there is none or it cannot be read.
    public func load() -> ReportDraft? {
        guard exists else { return nil }
        do {
            let handle = try FileHandle(forReadingFrom: fileURL)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: Self.maximumBytes + 1) ?? Data()
            guard data.count <= Self.maximumBytes else {
                logger.warning("Ignoring an oversized report draft", metadata: ["file": "\(fileURL.path)"])
                return nil
            }
            let draft = try JSONDecoder().decode(ReportDraft.self, from: data)
            return draft.isEmpty ? nil : draft
        } catch {
            logger.warning(
                "Ignoring an unreadable report draft", metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
            return nil
        }
    }

    /// Writes `draft`, or removes the file when it is empty.
    public func save(_ draft: ReportDraft) {
        guard !draft.isEmpty else { return remove() }
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(draft).write(to: fileURL, options: .atomic)
        } catch {
            logger.warning(
                "Could not save the report draft", metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
        }
    }

    public func remove() {
        guard exists else { return }
        do {
            try FileManager.default.removeItem(at: fileURL)
        } catch {
            logger.warning(
                "Could not remove the report draft", metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
        }
    }
}

/// Writes a form's drafts off the main actor, coalesced: while one write is
/// under way, later drafts replace each other and only the newest is written
/// next. Writes never overlap and never go back in time, and `flush` writes
/// the newest one on the caller's thread (the window is closing).
final class ReportDraftWriter: Sendable {
    private struct State {
        /// The newest draft not yet taken for writing.
        var pending: ReportDraft?
        /// The background writer, while it runs.
        var writer: Task<Void, Never>?
    }

    let file: ReportDraftFile
    private let state = Locked(State())
    /// Held for the whole of each write, so writes happen one at a time in the
    /// order their drafts were taken; counts the drafts written. (A lock over
    /// an empty value would do, but ThreadSanitizer misreads its accesses.)
    private let writing = Locked(0)

    init(file: ReportDraftFile) {
        self.file = file
    }

    /// Writes `draft` soon, off the caller's thread.
    func enqueue(_ draft: ReportDraft) {
        state.withLock { state in
            state.pending = draft
            if state.writer == nil {
                state.writer = Task.detached { [self] in drain() }
            }
        }
    }

    /// Writes the newest draft not yet written, now, on this thread.
    func flush(_ draft: ReportDraft) {
        writing.withLock { written in
            state.withLock { $0.pending = nil }
            file.save(draft)
            written += 1
        }
    }

    /// Returns once every draft handed over so far is on disk.
    func waitUntilWritten() async {
        while let writer = state.withLock({ $0.writer }) {
            await writer.value
        }
    }

    private func drain() {
        while writeNext() {}
    }

    /// Writes the pending draft; false (and the writer stops) when there is none.
    private func writeNext() -> Bool {
        writing.withLock { written in
            let next = state.withLock { state -> ReportDraft? in
                defer { state.pending = nil }
                if state.pending == nil { state.writer = nil }
                return state.pending
            }
            guard let next else { return false }
            file.save(next)
            written += 1
            return true
        }
    }
}
