// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import Foundation
import GLibKit
import XCTest

/// The main actor runs inside GLib's loop: without the bridge, none of these
/// closures would ever run while the loop owns the thread.
/// XCTest on Linux runs tests on the main thread but cannot call @MainActor
/// test methods, so each test asserts the isolation it already has.
final class MainLoopBridgeTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { MainLoop.attachSwiftConcurrency() }
    }

    func testMainActorTaskStartedWhileLoopRunsCompletes() {
        MainActor.assumeIsolated {
            var completed = false
            // Started from inside a GLib callback, as a signal handler would.
            MainLoop.post {
                Task { @MainActor in completed = true }
            }
            XCTAssertTrue(runMainLoop(until: { completed }))
        }
    }

    func testAwaitOnBackgroundWorkResumesOnTheGtkThread() {
        MainActor.assumeIsolated {
            var resumedOnMainThread: Bool?
            var backgroundRanOffMain: Bool?
            Task { @MainActor in
                backgroundRanOffMain = await Task.detached { !isMainThread() }.value
                resumedOnMainThread = isMainThread()
            }
            XCTAssertTrue(runMainLoop(until: { resumedOnMainThread != nil }))
            XCTAssertEqual(backgroundRanOffMain, true)
            XCTAssertEqual(resumedOnMainThread, true)
        }
    }

    func testDispatchMainQueueIsDrainedByTheLoop() {
        MainActor.assumeIsolated {
            let recorder = Recorder(threads: 1)
            DispatchQueue.global().async {
                DispatchQueue.main.async { MainActor.assumeIsolated { recorder.record(thread: 0, 0) } }
            }
            XCTAssertTrue(runMainLoop(until: { recorder.total == 1 }))
        }
    }

    func testClosuresPostedFromManyThreadsRunOnMainThreadInOrderPerThread() {
        MainActor.assumeIsolated {
            let threads = 4
            let perThread = 250
            let recorder = Recorder(threads: threads)
            for thread in 0..<threads {
                Thread.detachNewThread {
                    for sequence in 0..<perThread {
                        MainLoop.post { recorder.record(thread: thread, sequence) }
                    }
                }
            }
            XCTAssertTrue(runMainLoop(until: { recorder.total == threads * perThread }))
            XCTAssertEqual(recorder.offMainThreadCount, 0)
            for thread in 0..<threads {
                XCTAssertEqual(recorder.received[thread], Array(0..<perThread), "order of thread \(thread)")
            }
        }
    }

    func testPostedClosureBoxesAreReleasedAfterRunning() {
        MainActor.assumeIsolated {
            let census = BoxCensus()
            var runs = 0
            census.counting {
                for _ in 0..<100 { MainLoop.post { runs += 1 } }
            }
            XCTAssertEqual(census.createdCount, 100)
            XCTAssertTrue(runMainLoop(until: { runs == 100 }))
            XCTAssertEqual(census.liveCount, 0)
        }
    }
}

/// What the posted closures saw, recorded on the main actor.
@MainActor
private final class Recorder {
    private(set) var received: [[Int]]
    private(set) var offMainThreadCount = 0
    var total: Int { received.map(\.count).reduce(0, +) }

    init(threads: Int) { received = Array(repeating: [], count: threads) }

    func record(thread: Int, _ sequence: Int) {
        if !isMainThread() { offMainThreadCount += 1 }
        received[thread].append(sequence)
    }
}
