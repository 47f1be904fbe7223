// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import NIOCore
import NIOPosix
import PetSpotDomain

/// The SQLite engine keeps photos as files in its images directory, one per
/// name, served from the file itself. File work runs on NIO's thread pool,
/// never on the event loop or Swift's cooperative threads.
extension SQLiteReportDatabase {
    /// The file's identity, size and modification time make the version: any
    /// new bytes under the name change one of them, as writes replace the
    /// file (a rename or a copy) rather than change it in place.
    func photo(named name: String) async throws -> StoredPhoto? {
        let path = imagesDirectory.appendingPathComponent(name, isDirectory: false).path
        return try await NIOThreadPool.singleton.runIfActive {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let size = (attributes[.size] as? NSNumber)?.intValue,
                let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
                let modified = attributes[.modificationDate] as? Date
            else { return nil }
            let microseconds = Int64((modified.timeIntervalSince1970 * 1_000_000).rounded())
            let version = "\(String(inode, radix: 16))-\(String(size, radix: 16))-\(String(microseconds, radix: 16))"
            return StoredPhoto(size: size, version: version, bytes: .file(path: path))
        }
    }

    /// Written whole under a hidden name (never served: `ImageFileName`
    /// refuses names starting with a dot), then renamed into place. The
    /// bytes are copied once, off the event loop, into what Foundation writes.
    func storePhoto(_ bytes: ByteBuffer, named name: String) async throws {
        let directory = imagesDirectory
        let temporary = directory.appendingPathComponent(".upload-\(name)", isDirectory: false)
        let destination = directory.appendingPathComponent(name, isDirectory: false)
        try await NIOThreadPool.singleton.runIfActive {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do {
                try Data(bytes.readableBytesView).write(to: temporary)
                // rename(2) replaces a photo of the same name at once.
                guard rename(temporary.path, destination.path) == 0 else {
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                throw error
            }
        }
    }

    func deletePhoto(named name: String) async throws {
        let url = imagesDirectory.appendingPathComponent(name, isDirectory: false)
        try await NIOThreadPool.singleton.runIfActive {
            guard FileManager.default.fileExists(atPath: url.path) else { return }
            try FileManager.default.removeItem(at: url)
        }
    }
}
