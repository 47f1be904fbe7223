// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Runs `body` several times and reports the median: one slow run (a page
/// fault storm, the other core busy) does not move the figure.
struct Measurement {
    let name: String
    let median: Duration
    let runs: Int
    let detail: String
    /// "median", or "mean" for figures averaged over many tiny runs.
    var statistic = "median"

    var line: String {
        let padded = name.padding(toLength: 52, withPad: " ", startingAt: 0)
        return "\(padded) \(Self.format(median))  (\(statistic) of \(runs))\(detail.isEmpty ? "" : "  \(detail)")"
    }

    static func format(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if seconds >= 1 { return String(format: "%8.3f s ", seconds) }
        if seconds >= 1e-3 { return String(format: "%8.2f ms", seconds * 1e3) }
        return String(format: "%8.2f µs", seconds * 1e6)
    }
}

func measure(_ name: String, runs: Int = 5, detail: String = "", _ body: () throws -> Void) rethrows -> Measurement {
    let clock = ContinuousClock()
    var samples: [Duration] = []
    for _ in 0..<runs { samples.append(try clock.measure(body)) }
    return Measurement(name: name, median: samples.sorted()[runs / 2], runs: runs, detail: detail)
}

@MainActor
func measure(
    _ name: String, runs: Int = 5, detail: String = "", _ body: () async throws -> Void
) async rethrows -> Measurement {
    let clock = ContinuousClock()
    var samples: [Duration] = []
    for _ in 0..<runs { samples.append(try await clock.measure(body)) }
    return Measurement(name: name, median: samples.sorted()[runs / 2], runs: runs, detail: detail)
}
