// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain

/// Decode + validate a list body, beside bench/decode_reference.py (Python's
/// json module with the same checks) on the same body, alternating rounds.
@MainActor
struct DecodingBenchmark {
    let body: Data
    let bodyFile: URL
    let reference: URL?

    struct Result {
        let figures: [Figure]
        let announcements: [Announcement]
    }

    func run(rounds: Int) async throws -> Result {
        let decoder = AnnouncementDecoder(baseURL: URL(string: "http://127.0.0.1:3000")!)
        var ours: [Double] = []
        var python: [Double] = []
        var announcements: [Announcement] = []
        for _ in 0..<rounds {
            let started = ContinuousClock.now
            announcements = try decoder.decodeList(from: body).announcements
            ours.append(seconds(ContinuousClock.now - started))
            if let reference, let time = try pythonSeconds(reference) { python.append(time) }
        }
        let megabytes = Double(body.count) / 1e6
        // The first round is the first decode in this process: its memory is
        // new to it, and on a virtual machine faulting it in is a third of
        // the time. Later rounds are what an app refreshing its list sees;
        // both are reported. Python starts afresh every round.
        let first = megabytes / (ours.first ?? .infinity)
        let steady = megabytes / (median(Array(ours.dropFirst())) ?? .infinity)
        let referenceThroughput = median(python).map { megabytes / $0 }
        let referenceName = referenceThroughput == nil ? nil : "python3 bench/decode_reference.py"
        print(
            String(
                format: "decoding: %.0f MB body, %d announcements; rounds: %@", megabytes, announcements.count,
                ours.map { String(format: "%.0f ms", $0 * 1e3) }.joined(separator: ", ")))
        return Result(
            figures: [
                Figure(
                    name: "decode + validate the list body (after the first)", unit: "MB/s", value: steady,
                    goal: .atLeast(200), runs: rounds - 1),
                Figure(
                    name: "decode + validate, against Python's json + the same checks", unit: "MB/s",
                    value: steady, reference: referenceThroughput, referenceName: referenceName,
                    goal: .atLeastTimesReference(1.5), runs: rounds - 1),
                Figure(
                    name: "decode + validate the list body, first in a fresh process", unit: "MB/s", value: first,
                    goal: .atLeast(200), runs: 1),
                Figure(
                    name: "decode + validate, first in a fresh process, against Python", unit: "MB/s",
                    value: first, reference: referenceThroughput, referenceName: referenceName,
                    goal: .atLeastTimesReference(1.5), runs: 1),
            ],
            announcements: announcements)
    }

    /// One run of the Python reference; it prints "<seconds> <count>".
    private func pythonSeconds(_ script: URL) throws -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, bodyFile.path, "1"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.flatMap { Double($0) }
    }
}
