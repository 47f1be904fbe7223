// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import Foundation
import GLibKit
import XCTest

/// The probe sees how long one main-loop iteration keeps the thread busy.
final class MainLoopProbeTests: XCTestCase {
    func testTheLongestIterationCoversABusyCallback() {
        MainActor.assumeIsolated {
            let probe = MainLoopProbe(budget: .milliseconds(30))
            probe.start()
            defer { probe.stop() }
            var finished = false
            postBusyIteration(milliseconds: 40) { finished = true }
            // One more iteration after the busy one, which ends its measurement.
            XCTAssertTrue(runMainLoop(until: { finished }))
            g_main_context_iteration(nil, 0)
            XCTAssertGreaterThanOrEqual(probe.longestIteration, .milliseconds(40))
            XCTAssertGreaterThan(probe.iterationCount, 0)
            XCTAssertGreaterThanOrEqual(probe.overBudgetCount, 1)
        }
    }

    func testResetForgetsAndAStoppedProbeMeasuresNothing() {
        MainActor.assumeIsolated {
            let probe = MainLoopProbe()
            probe.start()
            var finished = false
            postBusyIteration(milliseconds: 30) { finished = true }
            XCTAssertTrue(runMainLoop(until: { finished }))
            g_main_context_iteration(nil, 0)
            probe.reset()
            XCTAssertEqual(probe.longestIteration, .zero)
            XCTAssertEqual(probe.iterationCount, 0)
            XCTAssertEqual(probe.overBudgetCount, 0)

            probe.stop()
            finished = false
            postBusyIteration(milliseconds: 30) { finished = true }
            XCTAssertTrue(runMainLoop(until: { finished }))
            g_main_context_iteration(nil, 0)
            XCTAssertEqual(probe.iterationCount, 0)
        }
    }

    func testStartingASecondProbeStopsTheFirst() {
        MainActor.assumeIsolated {
            let first = MainLoopProbe()
            let second = MainLoopProbe()
            first.start()
            second.start()
            defer { second.stop() }
            var finished = false
            postBusyIteration(milliseconds: 20) { finished = true }
            XCTAssertTrue(runMainLoop(until: { finished }))
            g_main_context_iteration(nil, 0)
            XCTAssertEqual(first.iterationCount, 0)
            XCTAssertGreaterThanOrEqual(second.longestIteration, .milliseconds(20))
        }
    }
}

/// Keeps the main thread busy for `milliseconds` inside one iteration.
@MainActor
private func postBusyIteration(milliseconds: Int, done: @escaping @MainActor () -> Void) {
    MainLoop.post {
        let end = g_get_monotonic_time() + milliseconds * 1_000
        while g_get_monotonic_time() < end {}
        done()
    }
}
