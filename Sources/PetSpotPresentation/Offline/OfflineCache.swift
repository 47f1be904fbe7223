// SPDX-License-Identifier: GPL-3.0-or-later

import Dispatch
import Foundation
import Logging
import PetSpotDomain

/// The reports last fetched from one backend, the details and photos already
/// shown, kept in `$XDG_CACHE_HOME/petspot/offline` so that PetSpot still
/// shows them when the backend cannot be reached (docs/BEHAVIOUR.md §1.9).
///
/// Everything is keyed by the backend: another backend's files are never
/// read as this one's. The whole folder stays under `sizeLimitBytes`, the
/// least recently used files going first. A damaged file is logged, deleted
/// and read as absent; nothing here fails for the caller.
///
/// Writes are queued, in order, off the caller's thread; reads run on the
/// caller's thread (off the main thread: they read and decode files).
public final class OfflineCache: Sendable {
    /// The most the offline cache keeps on disk, list, details and photos together.
    public static let sizeLimitBytes = 50 * 1024 * 1024
    /// The most of it the last list takes, so details and photos keep room.
    public static let listSizeLimitBytes = 16 * 1024 * 1024

    /// What identifies the backend (its API URL, or the demo database's file URL).
    public let backend: String
    private let disk: DiskCache
    private let listEncoder: CachedListEncoder
    private let backendFolder: String
    private let writes = DispatchQueue(label: "io.github.petspot.offline-cache", qos: .utility)
    private let logger: Logger

    public init(
        backend: String, folder: URL, sizeLimit: Int = OfflineCache.sizeLimitBytes,
        listSizeLimit: Int = OfflineCache.listSizeLimitBytes, logger: Logger = Logger(label: "io.github.petspot.cache")
    ) {
        self.backend = backend
        self.logger = logger
        disk = DiskCache(folder: folder, sizeLimit: sizeLimit, logger: logger)
        listEncoder = CachedListEncoder(sizeLimit: min(listSizeLimit, sizeLimit))
        backendFolder = Self.hash(backend)
    }

    /// The cache in `$XDG_CACHE_HOME/petspot/offline`.
    public convenience init(backend: String, directories: XDGDirectories = XDGDirectories()) {
        self.init(backend: backend, folder: Self.folder(in: directories))
    }

    public static func folder(in directories: XDGDirectories) -> URL {
        directories.appCache.appendingPathComponent("offline", isDirectory: true)
    }

    // MARK: - The list

    /// Keeps `announcements` as the backend's last good list, fetched at
    /// `fetchedAt`: all of it when it fits `listSizeLimitBytes`, else the
    /// newest reports that fit.
    public func saveList(_ announcements: [Announcement], fetchedAt: Date) {
        enqueue { [self] in
            let payload: Data?
            do {
                payload = try listEncoder.payload(announcements, fetchedAt: fetchedAt)
            } catch {
                logger.warning("Could not encode the list for the cache: \(error)")
                return
            }
            guard let payload else {
                logger.info("Not caching the list: not even its first reports fit \(listEncoder.sizeLimit) bytes")
                disk.remove(name: listName)
                return
            }
            disk.write(payload, name: listName, key: listKey)
        }
    }

    /// The backend's last good list and when it was fetched; nil when none is
    /// cached (or the file could not be used). Reads and decodes a file: call
    /// it off the main thread.
    public func cachedList() -> CachedReportList? {
        guard let payload = disk.read(name: listName, key: listKey) else { return nil }
        guard let list = decode(ListFile.self, from: payload, name: listName),
            let announcements = announcements(list.reports, name: listName), list.fetchedAt.isFinite
        else { return nil }
        return CachedReportList(
            announcements: announcements, fetchedAt: Date(timeIntervalSinceReferenceDate: list.fetchedAt))
    }

    // MARK: - Details

    /// Keeps a report's details as they were just shown.
    public func saveDetails(_ announcement: Announcement) {
        enqueue { [self] in
            guard let payload = encode(CachedAnnouncement(announcement)) else { return }
            disk.write(payload, name: detailsName(announcement.id), key: detailsKey(announcement.id))
        }
    }

    /// A report's details as last shown, else as the cached list has it; nil
    /// when neither knows it. Call it off the main thread.
    public func cachedDetails(id: String) -> Announcement? {
        let name = detailsName(id)
        if let payload = disk.read(name: name, key: detailsKey(id)),
            let cached = decode(CachedAnnouncement.self, from: payload, name: name),
            let announcement = announcements([cached], name: name)?.first
        {
            return announcement
        }
        return cachedList()?.announcements.first { $0.id == id }
    }

    // MARK: - Photos

    /// Keeps a photo's bytes as they were just fetched.
    public func savePhoto(_ data: Data, from url: URL) {
        enqueue { [self] in
            disk.write(data, name: photoName(url), key: photoKey(url))
        }
    }

    /// A photo's bytes as last fetched; nil when not cached. Call it off the main thread.
    public func cachedPhoto(from url: URL) -> Data? {
        disk.read(name: photoName(url), key: photoKey(url))
    }

    // MARK: - Writing

    /// Completes once every write asked for so far is on disk (for tests, and before quitting).
    public func flush() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            writes.async { done.resume() }
        }
    }

    /// Blocks until every write asked for so far is on disk: what the app
    /// calls once its main loop has ended, so a list fetched just before
    /// quitting is kept. Never from the main loop: a write may take a while.
    public func finishWrites() {
        writes.sync {}
    }

    private func enqueue(_ write: @escaping @Sendable () -> Void) {
        writes.async(execute: write)
    }

    // MARK: - Files

    /// What `CachedListEncoder` writes.
    private struct ListFile: Decodable {
        var fetchedAt: Double
        var reports: [CachedAnnouncement]
    }

    private var listName: String { "\(backendFolder)/list" }
    private var listKey: String { "list\n\(backend)" }
    private func detailsName(_ id: String) -> String { "\(backendFolder)/details/\(Self.hash(id))" }
    private func detailsKey(_ id: String) -> String { "details\n\(backend)\n\(id)" }
    private func photoName(_ url: URL) -> String { "\(backendFolder)/photos/\(Self.hash(url.absoluteString))" }
    private func photoKey(_ url: URL) -> String { "photo\n\(backend)\n\(url.absoluteString)" }

    private func encode(_ value: some Encodable) -> Data? {
        do {
            return try JSONEncoder().encode(value)
        } catch {
            logger.warning("Could not encode a cache file: \(error)")
            return nil
        }
    }

    /// nil, and the file deleted, when the payload is not what `name` holds.
    private func decode<Value: Decodable>(_ type: Value.Type, from payload: Data, name: String) -> Value? {
        do {
            return try JSONDecoder().decode(type, from: payload)
        } catch {
            logger.warning("Ignoring and deleting the unreadable cache file \(name): \(error)")
            disk.remove(name: name)
            return nil
        }
    }

    private func announcements(_ cached: [CachedAnnouncement], name: String) -> [Announcement]? {
        do {
            return try cached.map { try $0.announcement() }
        } catch {
            logger.warning("Ignoring and deleting the cache file \(name): a report in it is not valid")
            disk.remove(name: name)
            return nil
        }
    }

    /// FNV-1a, 64 bits, in hex: a short, stable file name. Two names that
    /// collide still hold their full keys, so one is never read as the other.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// A backend's last good list, read back from the offline cache.
public struct CachedReportList: Sendable {
    public let announcements: [Announcement]
    /// When the list was fetched from the backend.
    public let fetchedAt: Date

    public init(announcements: [Announcement], fetchedAt: Date) {
        self.announcements = announcements
        self.fetchedAt = fetchedAt
    }
}
