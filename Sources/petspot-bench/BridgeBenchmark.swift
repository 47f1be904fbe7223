// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit

/// Time for work finished on another thread to resume on the main actor while
/// GLib's loop owns the main thread (what every network answer goes through).
@MainActor
enum BridgeBenchmark {
    /// Runs on the main actor, which the GLib loop drives (see main.swift).
    static func run(roundTrips: Int) async -> Measurement {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<roundTrips {
            _ = await Task.detached { 1 }.value
        }
        return Measurement(
            name: "background → main actor round trip in GLib", median: (clock.now - start) / roundTrips,
            runs: roundTrips, detail: "", statistic: "mean")
    }
}
