// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit

/// `PETSPOT_PROBE_MAIN_LOOP=1`: once a second, the longest main-loop iteration
/// of that second on standard error. It is how long the window could not draw
/// or answer input, the figure behind "no iteration over 16 ms" (make bench
/// measures the same with the same probe). `=2` also prints each iteration
/// over 16 ms as it ends, with when it began on GLib's monotonic clock (that
/// of `perf record -k mono` and of the milestones), to find what it was.
@MainActor
enum MainLoopReport {
    static let variable = "PETSPOT_PROBE_MAIN_LOOP"

    static func startIfAsked(environment: [String: String]) {
        guard let value = environment[variable], !value.isEmpty, value != "0" else { return }
        let probe = MainLoopProbe()
        if value == "2" {
            probe.onOverBudget = { startedAt, duration in
                let line = "main loop, iteration at \(startedAt) µs took \(Int(duration / .microseconds(1))) µs\n"
                FileHandle.standardError.write(Data(line.utf8))
            }
        }
        probe.start()
        Task {
            var second = 0
            while !Task.isCancelled {
                second += 1
                try? await Task.sleep(for: .seconds(1))
                if probe.iterationCount > 0 {
                    let milliseconds =
                        Double(probe.longestIteration.components.attoseconds) / 1e15
                        + Double(probe.longestIteration.components.seconds) * 1e3
                    let line = String(
                        format: "main loop, second %d: longest iteration %.1f ms of %d, %d over 16 ms\n",
                        second, milliseconds, probe.iterationCount, probe.overBudgetCount)
                    FileHandle.standardError.write(Data(line.utf8))
                }
                probe.reset()
            }
            withExtendedLifetime(probe) {}
        }
    }
}
