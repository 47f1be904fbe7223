// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain

/// The reports waiting to be sent, on disk beside the form's draft:
/// `$XDG_DATA_HOME/petspot/pending-reports.json`, with each one's photo in
/// `pending-photos/<id>`. The list is written whole to a temporary file that
/// then replaces the old one (as the draft is), so a crash mid-write leaves
/// the previous list. Each report is read on its own: one that cannot be
/// read is skipped and the others kept. A list that cannot be read at all
/// (or is far too large) is moved aside to `pending-reports.json.damaged`,
/// and one with reports skipped is copied there, before the next write
/// replaces it; all logged, never an error for the user.
public final class PendingReportFile: Sendable {
    public let fileURL: URL
    public let photoFolder: URL
    private let logger: Logger

    /// A few reports of a few kilobytes each; anything far larger is not ours.
    static let maximumBytes = 1024 * 1024

    public init(fileURL: URL, logger: Logger = Logger(label: "io.github.petspot.pending-reports")) {
        self.fileURL = fileURL
        self.photoFolder = fileURL.deletingLastPathComponent().appendingPathComponent(
            "pending-photos", isDirectory: true)
        self.logger = logger
    }

    public convenience init(directories: XDGDirectories = XDGDirectories()) {
        self.init(fileURL: directories.appData.appendingPathComponent("pending-reports.json"))
    }

    /// Where a list that could not be read (wholly or in part) is kept.
    public var damagedFileURL: URL { fileURL.appendingPathExtension("damaged") }

    private struct Contents: Codable {
        var reports: [PendingReport]
    }

    /// One report as read: nil when it could not be.
    private struct Entry: Decodable {
        let report: PendingReport?

        init(from decoder: any Decoder) throws {
            report = try? PendingReport(from: decoder)
        }
    }

    private struct Entries: Decodable {
        var reports: [Entry]
    }

    /// Every report kept that can be read, for any backend; none when there
    /// is no file or it cannot be read at all.
    public func load() -> [PendingReport] {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: fileURL)
            defer { try? handle.close() }
            data = try handle.read(upToCount: Self.maximumBytes + 1) ?? Data()
        } catch {
            logger.warning(
                "Could not read the list of pending reports",
                metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
            return []
        }
        guard data.count <= Self.maximumBytes else {
            logger.warning("Ignoring an oversized list of pending reports", metadata: ["file": "\(fileURL.path)"])
            keepDamaged(moving: true)
            return []
        }
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode(Entries.self, from: data).reports
        } catch {
            logger.warning(
                "Ignoring an unreadable list of pending reports",
                metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
            keepDamaged(moving: true)
            return []
        }
        let reports = entries.compactMap(\.report)
        if reports.count < entries.count {
            logger.warning(
                "Skipping unreadable pending reports",
                metadata: ["file": "\(fileURL.path)", "skipped": "\(entries.count - reports.count)"])
            keepDamaged(moving: false)
        }
        return reports
    }

    /// The list as found goes to `damagedFileURL` (replacing an older one),
    /// so the next write does not destroy what could not be read.
    private func keepDamaged(moving: Bool) {
        let manager = FileManager.default
        do {
            if manager.fileExists(atPath: damagedFileURL.path) { try manager.removeItem(at: damagedFileURL) }
            if moving {
                try manager.moveItem(at: fileURL, to: damagedFileURL)
            } else {
                try manager.copyItem(at: fileURL, to: damagedFileURL)
            }
            logger.warning("Kept the damaged list of pending reports", metadata: ["file": "\(damagedFileURL.path)"])
        } catch {
            logger.warning(
                "Could not keep the damaged list of pending reports",
                metadata: ["file": "\(damagedFileURL.path)", "error": "\(error)"])
        }
    }

    /// Writes `reports`, or removes the file when there are none. Returns
    /// whether the file now says so: a request guarded by a mark must not
    /// leave when the mark is not on disk.
    @discardableResult
    public func save(_ reports: [PendingReport]) -> Bool {
        do {
            guard !reports.isEmpty else {
                if FileManager.default.fileExists(atPath: fileURL.path) {
                    try FileManager.default.removeItem(at: fileURL)
                }
                return true
            }
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(Contents(reports: reports)).write(to: fileURL, options: .atomic)
            return true
        } catch {
            logger.warning(
                "Could not save the pending reports", metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
            return false
        }
    }

    /// Where the photo of the pending report `id` is kept.
    public func photoURL(for id: String) -> URL {
        photoFolder.appendingPathComponent(id)
    }

    /// Keeps a photo's bytes for the report `id`; false when they could not be written.
    func savePhoto(_ data: Data, for id: String) -> Bool {
        do {
            try FileManager.default.createDirectory(at: photoFolder, withIntermediateDirectories: true)
            try data.write(to: photoURL(for: id), options: .atomic)
            return true
        } catch {
            logger.warning("Could not keep a pending report's photo", metadata: ["id": "\(id)", "error": "\(error)"])
            return false
        }
    }

    func loadPhoto(for id: String) -> Data? {
        do {
            let handle = try FileHandle(forReadingFrom: photoURL(for: id))
            defer { try? handle.close() }
            let data = try handle.read(upToCount: PhotoLimits.maximumBytes + 1) ?? Data()
            return data.count <= PhotoLimits.maximumBytes ? data : nil
        } catch {
            logger.warning("Could not read a pending report's photo", metadata: ["id": "\(id)", "error": "\(error)"])
            return nil
        }
    }

    /// `savePhoto` off the caller's actor: a photo is up to
    /// `PhotoLimits.maximumBytes`, too much to write on the main actor.
    @concurrent
    func savePhotoInBackground(_ data: Data, for id: String) async -> Bool {
        savePhoto(data, for: id)
    }

    /// `loadPhoto` off the caller's actor.
    @concurrent
    func loadPhotoInBackground(for id: String) async -> Data? {
        loadPhoto(for: id)
    }

    func removePhoto(for id: String) {
        try? FileManager.default.removeItem(at: photoURL(for: id))
    }
}
