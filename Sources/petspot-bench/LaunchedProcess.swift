// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit
import PetSpotLocking

/// A program started for timing: its standard error is read for the
/// `milestone <name> <µs>` lines that PETSPOT_MILESTONES=1 makes PetSpot (and
/// the floor window) print, each turned into seconds since exec.
final class LaunchedProcess: @unchecked Sendable {
    /// Milestones and what they took since exec, in the order they came.
    struct Timeline {
        var seconds: [String: Double] = [:]
        var peakResidentMiB: Double?
    }

    /// What the program has printed so far, parsed as it arrives.
    private struct Received {
        var pending = Data()
        var milestones: [String: Int64] = [:]
    }

    private let process = Process()
    private let received = Locked(Received())
    private var execAt: Int64 = 0

    init(executable: URL, arguments: [String] = [], environment: [String: String]) {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
    }

    /// Starts the program and waits for `milestone` (nil after `timeout`); the
    /// peak resident memory is read just then, while the program still runs.
    func run(until milestone: String, timeout: Duration = .seconds(60)) async throws -> Timeline? {
        let errors = Pipe()
        process.standardError = errors
        errors.fileHandleForReading.readabilityHandler = { [self] handle in
            let chunk = handle.availableData
            received.withLock { Self.collect(chunk, into: &$0) }
        }
        execAt = Milestones.monotonicMicroseconds()
        try process.run()
        defer {
            errors.fileHandleForReading.readabilityHandler = nil
            stop()
        }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let milestones = received.withLock({ $0.milestones[milestone] == nil ? nil : $0.milestones }) {
                return Timeline(
                    seconds: seconds(since: milestones),
                    peakResidentMiB: ProcessMemory.peakResidentMiB(of: process.processIdentifier))
            }
            guard process.isRunning else { return nil }
            try await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }

    private static func collect(_ chunk: Data, into received: inout Received) {
        received.pending.append(chunk)
        while let newline = received.pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: received.pending[received.pending.startIndex..<newline], as: UTF8.self)
            received.pending.removeSubrange(received.pending.startIndex...newline)
            let fields = line.split(separator: " ")
            if fields.count == 3, fields[0] == "milestone", let time = Int64(fields[2]) {
                received.milestones[String(fields[1])] = time
            }
        }
    }

    private func seconds(since milestones: [String: Int64]) -> [String: Double] {
        milestones.mapValues { Double($0 - execAt) / 1e6 }
    }

    /// SIGKILL: Foundation starts children with this process's signal mask,
    /// in which SIGTERM is blocked, so `terminate()` would not end them.
    private func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
