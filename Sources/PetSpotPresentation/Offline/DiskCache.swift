// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotLocking

/// Files under one folder with a total size cap: when a write takes the folder
/// over the cap, the least recently used files go first (a read counts as a
/// use: it sets the file's modification time, so the order survives restarts).
///
/// Every file is an envelope: a magic line, the entry's full key and the
/// payload's length, then the payload. A file whose envelope does not add up
/// (damaged, cut short, not ours) is logged, deleted and read as absent; a file
/// whose key is another's (a name collision, a file copied in) is absent
/// without being touched. Nothing here throws at the caller: a cache that
/// cannot be written or read just has nothing in it.
///
/// Thread-safe; the file system calls run on the caller's thread, so callers
/// keep them off the main thread.
public final class DiskCache: Sendable {
    public let folder: URL
    public let sizeLimit: Int

    private struct Entry {
        var size: Int
        var lastUsed: Date
    }

    private struct State {
        /// nil until the folder was first scanned.
        var entries: [String: Entry]?
        var totalSize = 0
    }

    /// Bytes, not `Data`: a global `Data` keeps its storage's address in an
    /// enum's spare bits, where LeakSanitizer does not see it.
    private static let magic = Array("PETSPOT-CACHE 1\n".utf8)
    /// Magic, the key's length (4 bytes) and the payload's (8 bytes), big-endian.
    private static let headerSize = magic.count + 12

    private let state = Locked(State())
    private let logger: Logger

    public init(folder: URL, sizeLimit: Int, logger: Logger = Logger(label: "io.github.petspot.cache")) {
        self.folder = folder
        self.sizeLimit = sizeLimit
        self.logger = logger
    }

    /// The bytes of every file the cache holds now.
    public var totalSize: Int {
        state.withLock { state in
            scanIfNeeded(&state)
            return state.totalSize
        }
    }

    /// Writes `payload` under `name` (a relative path) for `key`, atomically:
    /// a reader sees the old file or the new one, never half of one. A payload
    /// larger than the whole cap is not kept.
    public func write(_ payload: Data, name: String, key: String) {
        let keyBytes = Data(key.utf8)
        guard Self.headerSize + keyBytes.count + payload.count <= sizeLimit else {
            logger.info("Not caching \(name): larger than the cache's \(sizeLimit) bytes")
            remove(name: name)
            return
        }
        var envelope = Data(Self.magic)
        envelope.append(Self.bigEndian(UInt32(keyBytes.count)))
        envelope.append(Self.bigEndian(UInt64(payload.count)))
        envelope.append(keyBytes)
        let size = envelope.count + payload.count
        let url = folder.appendingPathComponent(name)
        state.withLock { state in
            scanIfNeeded(&state)
            do {
                // Only this user reads what PetSpot kept, as libshumate keeps its tiles.
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
                try Self.writeAtomically(envelope, payload, to: url)
            } catch {
                logger.warning("Could not write the cache file \(url.path): \(error)")
                return
            }
            forget(name, in: &state)
            state.entries?[name] = Entry(size: size, lastUsed: Date())
            state.totalSize += size
            evict(keeping: name, in: &state)
        }
    }

    /// The payload kept under `name` for `key`, or nil when there is none that
    /// can be used.
    public func read(name: String, key: String) -> Data? {
        let url = folder.appendingPathComponent(name)
        return state.withLock { state -> Data? in
            scanIfNeeded(&state)
            guard let size = Self.fileSize(url) else {
                forget(name, in: &state)
                return nil
            }
            // A file larger than the cap was not written by this cache: never read it whole.
            guard size <= sizeLimit else {
                discard(name, url: url, reason: "larger than the cache's \(sizeLimit) bytes", in: &state)
                return nil
            }
            let file: Data
            do {
                file = try Data(contentsOf: url)
            } catch {
                logger.warning("Could not read the cache file \(url.path): \(error)")
                return nil
            }
            switch Self.open(file) {
            case .damaged(let reason):
                discard(name, url: url, reason: reason, in: &state)
                return nil
            case .valid(let storedKey, let payload):
                guard storedKey == key else {
                    logger.info("The cache file \(url.path) belongs to another key; not used")
                    return nil
                }
                let now = Date()
                try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: url.path)
                state.entries?[name] = Entry(size: file.count, lastUsed: now)
                return payload
            }
        }
    }

    /// Deletes `name`'s file, if any.
    public func remove(name: String) {
        let url = folder.appendingPathComponent(name)
        state.withLock { state in
            scanIfNeeded(&state)
            try? FileManager.default.removeItem(at: url)
            forget(name, in: &state)
        }
    }

    /// Whether the cache holds a file under `name` (whatever is in it).
    public func contains(name: String) -> Bool {
        state.withLock { state in
            scanIfNeeded(&state)
            return state.entries?[name] != nil
        }
    }

    // MARK: - The envelope

    private enum Opened {
        case valid(key: String, payload: Data)
        case damaged(String)
    }

    private static func open(_ file: Data) -> Opened {
        guard file.count >= headerSize, file.prefix(magic.count).elementsEqual(magic) else {
            return .damaged("not a PetSpot cache file")
        }
        let bytes = [UInt8](file.dropFirst(magic.count).prefix(12))
        let keyLength = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let payloadLength = bytes[4..<12].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard payloadLength <= UInt64(file.count), headerSize + keyLength + Int(payloadLength) == file.count else {
            return .damaged("cut short or overlong")
        }
        let keyStart = file.startIndex + headerSize
        let keyData = file[keyStart..<keyStart + keyLength]
        guard let key = String(data: keyData, encoding: .utf8) else { return .damaged("a key that is not text") }
        return .valid(key: key, payload: Data(file[(keyStart + keyLength)...]))
    }

    /// The envelope then the payload, through a temporary file renamed over
    /// `url`, so a reader sees the old file or the new one; the payload is
    /// not copied (a list's may be megabytes).
    private static func writeAtomically(_ envelope: Data, _ payload: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID())")
        do {
            try envelope.write(to: temporary)
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: payload)
            if rename(temporary.path, url.path) != 0 { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    private static func bigEndian<T: FixedWidthInteger>(_ value: T) -> Data {
        withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }

    // MARK: - Bookkeeping (under the lock)

    private static func fileSize(_ url: URL) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue
    }

    /// Learns what the folder holds (a previous run's files) the first time it is needed.
    private func scanIfNeeded(_ state: inout State) {
        guard state.entries == nil else { return }
        var entries: [String: Entry] = [:]
        var total = 0
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
        let prefix = folder.standardizedFileURL.path + "/"
        if let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) {
            for case let url as URL in walker {
                guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
                    continue
                }
                let path = url.standardizedFileURL.path
                guard path.hasPrefix(prefix) else { continue }
                let size = values.fileSize ?? 0
                entries[String(path.dropFirst(prefix.count))] = Entry(
                    size: size, lastUsed: values.contentModificationDate ?? .distantPast)
                total += size
            }
        }
        state.entries = entries
        state.totalSize = total
        evict(keeping: nil, in: &state)
    }

    private func forget(_ name: String, in state: inout State) {
        if let old = state.entries?.removeValue(forKey: name) { state.totalSize -= old.size }
    }

    private func discard(_ name: String, url: URL, reason: String, in state: inout State) {
        logger.warning("Ignoring and deleting the damaged cache file \(url.path): \(reason)")
        try? FileManager.default.removeItem(at: url)
        forget(name, in: &state)
    }

    /// Deletes the least recently used files until the folder fits the cap;
    /// `keeping` (the file just written) is never the one to go.
    private func evict(keeping kept: String?, in state: inout State) {
        guard state.totalSize > sizeLimit, let entries = state.entries else { return }
        let oldestFirst = entries.filter { $0.key != kept }.sorted { $0.value.lastUsed < $1.value.lastUsed }
        for (name, _) in oldestFirst where state.totalSize > sizeLimit {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            forget(name, in: &state)
        }
    }
}
