// SPDX-License-Identifier: GPL-3.0-or-later

import Logging

/// Passes every log event on with its message, metadata and error escaped
/// (`escapedForLog`): ids, URLs and error bodies come from the network, and
/// escaping where lines are written covers every one of them, ours and the
/// libraries' alike.
public struct ControlEscapingLogHandler<Inner: LogHandler>: LogHandler {
    private var inner: Inner

    public init(wrapping inner: Inner) {
        self.inner = inner
    }

    public var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    public var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { inner.metadataProvider }
        set { inner.metadataProvider = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    public func log(event: LogEvent) {
        var event = event
        event.message = "\(event.message.description.escapedForLog())"
        if let error = event.error {
            // An error's description can quote what a server sent.
            event.metadata = (event.metadata ?? [:]).merging(["error": "\(error)"]) { _, new in new }
            event.error = nil
        }
        event.metadata = event.metadata?.mapValues(Self.escaped)
        inner.log(event: event)
    }

    private static func escaped(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(text.escapedForLog())
        case .stringConvertible(let convertible): .string(convertible.description.escapedForLog())
        case .array(let values): .array(values.map(escaped))
        case .dictionary(let values): .dictionary(values.mapValues(escaped))
        }
    }
}

public enum PetSpotLog {
    /// What every PetSpot program logs through: standard error, escaped.
    public static func bootstrap(level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler = ControlEscapingLogHandler(wrapping: StreamLogHandler.standardError(label: label))
            handler.logLevel = level
            return handler
        }
    }
}
