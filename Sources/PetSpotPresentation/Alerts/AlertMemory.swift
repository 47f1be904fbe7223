// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging

/// What the alerts have already dealt with, kept on disk so a restart (or the
/// background instance after the window's) never announces a report twice:
/// `$XDG_STATE_HOME/petspot/alerts-announced.json`. A damaged file is ignored
/// and replaced by the next save; the worst it costs is one new baseline.
public struct AlertMemory: Equatable, Sendable {
    /// When alerts were last turned on; nil while they are off.
    public var enabledAt: Date?
    /// Whether the reports that existed when alerts were turned on have been
    /// seen (the baseline): taken by the first check that reaches the backend.
    public var hasBaseline: Bool
    /// Report ids (and `match:`/`sighting:` keys) already announced or part
    /// of the baseline, oldest first.
    public var seen: [String]

    /// The most keys kept: older ones go first. Only reports (and sightings)
    /// created since alerts were turned on are remembered, so this bounds
    /// what arrives while they are on, not the length of the backend's list.
    public static let maximumSeen = 10_000

    public static let empty = AlertMemory(enabledAt: nil, hasBaseline: false, seen: [])

    public init(enabledAt: Date?, hasBaseline: Bool, seen: [String]) {
        self.enabledAt = enabledAt
        self.hasBaseline = hasBaseline
        self.seen = seen
    }

    /// Adds keys not yet seen, dropping the oldest beyond `maximumSeen`.
    public mutating func remember(_ keys: some Sequence<String>) {
        var known = Set(seen)
        for key in keys where known.insert(key).inserted { seen.append(key) }
        if seen.count > Self.maximumSeen { seen.removeFirst(seen.count - Self.maximumSeen) }
    }
}

/// Reads and writes `AlertMemory`.
public protocol AlertMemoryStoring: Sendable {
    func load() -> AlertMemory
    func save(_ memory: AlertMemory)
    /// Returns once every earlier `save` has reached the disk (or failed).
    func flush()
}

extension AlertMemoryStoring {
    public func flush() {}
}

/// `AlertMemory` as a JSON file, written atomically off the caller's thread:
/// the memory is some 400 KB of JSON when full, written after every check.
public struct AlertMemoryFile: AlertMemoryStoring {
    /// The process's one queue for these files: saves are written in the order
    /// they were made, so an earlier one never overwrites a later one.
    public static let sharedQueue = DispatchQueue(label: "io.github.petspot.alert-memory", qos: .utility)

    public let fileURL: URL
    private let queue: DispatchQueue
    private let logger = Logger(label: "io.github.petspot.alerts")

    /// - Parameter queue: a serial queue the writes run on, one for every
    ///   instance naming the same file.
    public init(fileURL: URL, queue: DispatchQueue = AlertMemoryFile.sharedQueue) {
        self.fileURL = fileURL
        self.queue = queue
    }

    /// `$XDG_STATE_HOME/petspot/alerts-announced.json` (`~/.local/state` by default):
    /// what the app did, not what the user chose, so not under the config folder.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
        let stateHome =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".local/state", isDirectory: true)
        self.init(fileURL: stateHome.appendingPathComponent("petspot/alerts-announced.json"))
    }

    private struct Contents: Codable {
        var enabledAt: Date?
        var hasBaseline: Bool
        var seen: [String]
    }

    /// Reads the file once the saves made before have been written.
    public func load() -> AlertMemory {
        queue.sync { read() }
    }

    public func save(_ memory: AlertMemory) {
        queue.async { [self] in write(memory) }
    }

    public func flush() {
        queue.sync {}
    }

    private func read() -> AlertMemory {
        guard let data = try? Data(contentsOf: fileURL) else { return .empty }
        guard let contents = try? JSONDecoder().decode(Contents.self, from: data) else {
            logger.warning("Ignoring an unreadable list of announced reports", metadata: ["file": "\(fileURL.path)"])
            return .empty
        }
        var memory = AlertMemory(enabledAt: contents.enabledAt, hasBaseline: contents.hasBaseline, seen: [])
        memory.remember(contents.seen)
        return memory
    }

    private func write(_ memory: AlertMemory) {
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            let contents = Contents(enabledAt: memory.enabledAt, hasBaseline: memory.hasBaseline, seen: memory.seen)
            try JSONEncoder().encode(contents).write(to: fileURL, options: .atomic)
        } catch {
            logger.warning(
                "Could not save the announced reports", metadata: ["file": "\(fileURL.path)", "error": "\(error)"])
        }
    }
}
