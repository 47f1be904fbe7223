import Logging
import Synchronization

/// A logger whose lines are kept in memory for assertions.
final class RecordingLog: Sendable {
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
    }

    private let storage = Mutex<[Entry]>([])

    var entries: [Entry] { storage.withLock { $0 } }

    var logger: Logger {
        Logger(label: "recording") { _ in Handler(log: self) }
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
            log.append(Entry(level: event.level, message: event.message.description))
        }
    }
}
