// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import ShumateKit
import XCTest

/// `onViewportSettled`: one call after a burst of changes, never before the
/// delay has passed since the last one.
final class ViewportSettlingTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireDisplay() }
    }

    func testFiresOnceAfterABurstAndNotBeforeTheDelaySinceTheLastChange() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let map = shown.map
            map.zoomLevel = 10
            map.centre = Places.warsaw

            var firedAt: [Double] = []
            map.onViewportSettled { firedAt.append(monotonicSeconds()) }

            // Changes 150 ms apart: the burst lasts longer than the delay, so a
            // timer that is not restarted by every change would fire in the middle.
            var lastChangeStartedAt = 0.0
            let changes: [@MainActor () -> Void] = [
                { map.centre = Places.pragaPoludnie },
                { map.zoomLevel = 11 },
                { map.centre = Places.wilanow },
                { map.zoomLevel = 12 },
                { map.centre = Places.bielany },
            ]
            for (index, change) in changes.enumerated() {
                if index > 0 {
                    XCTAssertFalse(
                        conditionBecomesTrue(within: 0.15) { !firedAt.isEmpty },
                        "fired in the middle of the burst, after change \(index)")
                }
                lastChangeStartedAt = monotonicSeconds()
                change()
            }

            XCTAssertTrue(runMainLoop(until: { !firedAt.isEmpty }, timeout: 30), "never settled")
            XCTAssertGreaterThanOrEqual(
                firedAt.first ?? 0, lastChangeStartedAt + 0.4,
                "fired before 400 ms had passed since the last change")
            XCTAssertFalse(conditionBecomesTrue(within: 0.8) { firedAt.count > 1 }, "fired more than once")
            XCTAssertEqual(firedAt.count, 1)
        }
    }

    func testEachSettledViewFiresAgainAndTheDelayIsConfigurable() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let map = shown.map
            var fired = 0
            map.onViewportSettled(delay: .milliseconds(100)) { fired += 1 }

            let start = monotonicSeconds()
            map.centre = Places.krakow
            XCTAssertTrue(runMainLoop(until: { fired == 1 }))
            XCTAssertGreaterThanOrEqual(monotonicSeconds() - start, 0.1)

            map.zoomLevel = 7
            XCTAssertTrue(runMainLoop(until: { fired == 2 }), "a later change settles again")
            XCTAssertFalse(conditionBecomesTrue(within: 0.3) { fired > 2 }, "nothing changed since")
        }
    }

    func testAnAnimatedGoToSettlesOnceItEnds() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            defer { shown.close() }
            guard shown.waitForSize() else { return }
            let map = shown.map
            map.zoomLevel = 10
            map.centre = Places.warsaw
            var fired = 0
            var zoomWhenFired: Double?
            map.onViewportSettled(delay: .milliseconds(300)) {
                fired += 1
                zoomWhenFired = map.zoomLevel
            }
            map.zoomIn()  // a 250 ms animation: many changes, one settle at its end
            XCTAssertTrue(runMainLoop(until: { fired > 0 }, timeout: 30))
            XCTAssertEqual(zoomWhenFired ?? 0, 11, accuracy: 1e-6, "settled before the animation ended")
            XCTAssertFalse(conditionBecomesTrue(within: 0.5) { fired > 1 })
        }
    }

    func testNoCallAfterTheMapIsDestroyed() {
        MainActor.assumeIsolated {
            let shown = ShownMap()
            guard shown.waitForSize() else { return shown.close() }
            var fired = 0
            let census = BoxCensus()
            census.counting {
                shown.map.onViewportSettled(delay: .milliseconds(100)) { fired += 1 }
                shown.map.centre = Places.gdansk  // a timeout is now pending
            }
            XCTAssertGreaterThan(census.createdCount, 1, "the handlers and the pending timeout are boxed")
            shown.close()
            XCTAssertFalse(conditionBecomesTrue(within: 0.3) { fired > 0 }, "called for a destroyed map")
            XCTAssertTrue(
                runMainLoop(until: { census.liveCount == 0 }, timeout: 30),
                "the handlers' boxes outlive the map: \(census.liveCount) live")
        }
    }
}
