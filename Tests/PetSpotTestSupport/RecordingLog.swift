// SPDX-License-Identifier: GPL-3.0-or-later

import Logging
import PetSpotLocking

/// A logger whose lines are kept in memory for assertions.
public final class RecordingLog: Sendable {
    public struct Entry: Sendable {
        public let level: Logger.Level
        public let message: String
        /// The event's metadata, each value as it would be written.
        public let metadata: [String: String]
    }

    private let storage = Locked<[Entry]>([])

    public init() {}

    public var entries: [Entry] { storage.withLock { $0 } }

    public var logger: Logger {
        Logger(label: "recording") { _ in handler }
    }

    /// A handler recording here, for wrapping in another.
    public var handler: some LogHandler { Handler(log: self) }

    /// The messages logged at `level`, in order.
    public func messages(at level: Logger.Level) -> [String] {
        entries.filter { $0.level == level }.map(\.message)
    }

    fileprivate func append(_ entry: Entry) {
        storage.withLock { $0.append(entry) }
    }

    private struct Handler: LogHandler {
        let log: RecordingLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.append(
                Entry(
                    level: event.level, message: event.message.description,
                    metadata: (event.metadata ?? [:]).mapValues(\.description)))
        }
    }
}
