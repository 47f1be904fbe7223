// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import Observation
import XCTest

final class SignalAndBindingTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            MainLoop.attachSwiftConcurrency()
        }
    }

    func testSignalHandlerRunsWithItsClosure() {
        MainActor.assumeIsolated {
            let button = Button(label: "Press")
            g_object_ref_sink(UnsafeMutableRawPointer(button.widgetPointer))
            defer { g_object_unref(UnsafeMutableRawPointer(button.widgetPointer)) }
            var clicks = 0
            button.onClicked { clicks += 1 }
            emit("clicked", on: UnsafeMutableRawPointer(button.widgetPointer))
            emit("clicked", on: UnsafeMutableRawPointer(button.widgetPointer))
            XCTAssertEqual(clicks, 2)
        }
    }

    func testClosureBoxesAreReleasedWhenTheirWidgetIsDestroyed() {
        MainActor.assumeIsolated {
            let census = BoxCensus()
            let window = gtk_window_new()!
            let box = Box(.vertical)
            gtk_window_set_child(
                UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), box.widgetPointer)
            weak var weakTracker: LifetimeTracker?
            census.counting {
                let tracker = LifetimeTracker()
                weakTracker = tracker
                for index in 0..<20 {
                    let button = Button(label: "Button \(index)")
                    button.onClicked { tracker.touch() }  // captures an object, as controllers do
                    button.onDestroy { tracker.touch() }
                    box.append(button)
                }
                box.keepAlive(tracker)
            }
            XCTAssertEqual(census.liveCount, 41)
            XCTAssertNotNil(weakTracker, "the widgets keep what their handlers captured alive")

            gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
            XCTAssertTrue(
                runMainLoop(until: { census.liveCount == 0 }, timeout: 30),
                "boxes still live: \(census.liveCount) of 41")
            XCTAssertNil(weakTracker, "objects captured by handlers are released too")
        }
    }

    func testDisconnectReleasesTheClosureAtOnce() {
        MainActor.assumeIsolated {
            let button = Button(label: "Press")
            g_object_ref_sink(UnsafeMutableRawPointer(button.widgetPointer))
            defer { g_object_unref(UnsafeMutableRawPointer(button.widgetPointer)) }
            let census = BoxCensus()
            var clicks = 0
            let connection = census.counting { button.onClicked { clicks += 1 } }
            XCTAssertEqual(census.liveCount, 1)
            connection.disconnect()
            XCTAssertEqual(census.liveCount, 0)
            emit("clicked", on: UnsafeMutableRawPointer(button.widgetPointer))
            XCTAssertEqual(clicks, 0)
        }
    }

    func testBindingRendersOncePerLoopIterationForManyChanges() {
        MainActor.assumeIsolated {
            let model = Counter()
            let label = Label()
            g_object_ref_sink(UnsafeMutableRawPointer(label.widgetPointer))
            defer { g_object_unref(UnsafeMutableRawPointer(label.widgetPointer)) }
            let binding = label.bind { label.text = "count \(model.value)" }
            XCTAssertEqual(binding.renderCount, 1)
            XCTAssertEqual(label.text, "count 0")

            for _ in 0..<10 { model.value += 1 }
            XCTAssertEqual(label.text, "count 0", "rendering waits for the main loop")
            XCTAssertTrue(runMainLoop(until: { label.text == "count 10" }))
            XCTAssertEqual(binding.renderCount, 2, "ten changes, one re-render")

            model.unobserved += 1
            XCTAssertTrue(runPostedWork())
            XCTAssertEqual(binding.renderCount, 2, "a property the render did not read causes no render")
        }
    }

    func testCancelledBindingStopsRendering() {
        MainActor.assumeIsolated {
            let model = Counter()
            var renders = 0
            let binding = ObservationBinding {
                _ = model.value
                renders += 1
            }
            binding.cancel()
            model.value += 1
            XCTAssertTrue(runPostedWork())
            XCTAssertEqual(renders, 1)
        }
    }

    func testGroupRoleIsSet() {
        MainActor.assumeIsolated {
            let box = Label("a widget whose own role is not group")
            g_object_ref_sink(UnsafeMutableRawPointer(box.widgetPointer))
            defer { g_object_unref(UnsafeMutableRawPointer(box.widgetPointer)) }
            box.makeAccessibleGroup(named: "Recent Reports")
            // GTK 4.8 has no getter for accessible properties; the e2e suite reads
            // names through AT-SPI. The role is readable here.
            XCTAssertEqual(
                gtk_accessible_get_accessible_role(OpaquePointer(box.widgetPointer)), GTK_ACCESSIBLE_ROLE_GROUP)
        }
    }
}

@Observable
@MainActor
private final class Counter {
    var value = 0
    var unobserved = 0
}

@MainActor
private final class LifetimeTracker {
    func touch() {}
}
