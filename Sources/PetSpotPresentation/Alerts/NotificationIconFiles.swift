// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging

/// Report photos as files a notification can name as its icon (the desktop
/// reads the file, not our memory): `$XDG_CACHE_HOME/petspot/notification-icons`,
/// one file per notification, the oldest removed beyond `maximumFiles`.
public struct NotificationIconFiles: Sendable {
    /// The most icon files kept; a notification that old is long gone.
    public static let maximumFiles = 20

    public let folder: URL
    private let logger = Logger(label: "io.github.petspot.alerts")

    public init(folder: URL) { self.folder = folder }

    public init(directories: XDGDirectories = XDGDirectories()) {
        self.init(folder: directories.appCache.appendingPathComponent("notification-icons", isDirectory: true))
    }

    /// Writes `data` as the icon of the notification `id` and returns its
    /// path; nil when it cannot be written. Call it off the main thread.
    public func write(_ data: Data, for id: String) -> String? {
        let name = String(
            id.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || $0 == "-" ? Character($0) : "_" })
        let file = folder.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            logger.info("Could not keep a notification icon", metadata: ["error": "\(error)"])
            return nil
        }
        prune()
        return file.path
    }

    private func prune() {
        let keys: [URLResourceKey] = [.contentModificationDateKey]
        guard
            let files = try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: keys), files.count > Self.maximumFiles
        else { return }
        let oldestFirst = files.sorted {
            let first = (try? $0.resourceValues(forKeys: Set(keys)).contentModificationDate) ?? .distantPast
            let second = (try? $1.resourceValues(forKeys: Set(keys)).contentModificationDate) ?? .distantPast
            return first < second
        }
        for file in oldestFirst.prefix(files.count - Self.maximumFiles) {
            try? FileManager.default.removeItem(at: file)
        }
    }
}
