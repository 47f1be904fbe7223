import CGtk
import GtkKit
import Observation
import XCTest

@MainActor
final class SignalAndBindingTests: XCTestCase {
    override func setUp() async throws {
        try requireGtk()
        MainLoop.attachSwiftConcurrency()
    }

    func testSignalHandlerRunsWithItsClosure() {
        let button = Button(label: "Press")
        g_object_ref_sink(UnsafeMutableRawPointer(button.widgetPointer))
        defer { g_object_unref(UnsafeMutableRawPointer(button.widgetPointer)) }
        var clicks = 0
        button.onClicked { clicks += 1 }
        gtk_widget_activate(button.widgetPointer)  // a button's activation emits "clicked"
        gtk_widget_activate(button.widgetPointer)  // a button's activation emits "clicked"
        XCTAssertEqual(clicks, 2)
    }

    func testClosureBoxesAreReleasedWhenTheirWidgetIsDestroyed() {
        let before = GtkKitDiagnostics.liveBoxCount
        let window = gtk_window_new()!
        let box = Box(.vertical)
        gtk_window_set_child(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), box.widgetPointer)
        let tracker = LifetimeTracker()
        for index in 0..<20 {
            let button = Button(label: "Button \(index)")
            button.onClicked { tracker.touch() }  // captures an object, as controllers do
            button.onDestroy { tracker.touch() }
            box.append(button)
        }
        box.keepAlive(tracker)
        XCTAssertEqual(GtkKitDiagnostics.liveBoxCount, before + 41)

        var trackerReleased = false
        tracker.onDeinit = { trackerReleased = true }
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
        XCTAssertTrue(runMainLoop(until: { GtkKitDiagnostics.liveBoxCount == before }, timeout: 2),
                      "live boxes: \(GtkKitDiagnostics.liveBoxCount), expected \(before)")
        XCTAssertTrue(trackerReleased, "objects captured by handlers are released too")
    }

    func testDisconnectReleasesTheClosureAtOnce() {
        let button = Button(label: "Press")
        g_object_ref_sink(UnsafeMutableRawPointer(button.widgetPointer))
        defer { g_object_unref(UnsafeMutableRawPointer(button.widgetPointer)) }
        let before = GtkKitDiagnostics.liveBoxCount
        var clicks = 0
        let connection = button.onClicked { clicks += 1 }
        XCTAssertEqual(GtkKitDiagnostics.liveBoxCount, before + 1)
        connection.disconnect()
        XCTAssertEqual(GtkKitDiagnostics.liveBoxCount, before)
        gtk_widget_activate(button.widgetPointer)  // a button's activation emits "clicked"
        XCTAssertEqual(clicks, 0)
    }

    func testBindingRendersOncePerLoopIterationForManyChanges() {
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
        XCTAssertFalse(runMainLoop(until: { binding.renderCount > 2 }, timeout: 0.2),
                       "a property the render did not read causes no render")
    }

    func testCancelledBindingStopsRendering() {
        let model = Counter()
        var renders = 0
        let binding = ObservationBinding { _ = model.value; renders += 1 }
        binding.cancel()
        model.value += 1
        XCTAssertFalse(runMainLoop(until: { renders > 1 }, timeout: 0.2))
    }

    func testGroupRoleIsSet() {
        let box = Label("a widget whose own role is not group")
        g_object_ref_sink(UnsafeMutableRawPointer(box.widgetPointer))
        defer { g_object_unref(UnsafeMutableRawPointer(box.widgetPointer)) }
        box.makeAccessibleGroup(named: "Recent Reports")
        // GTK 4.8 has no getter for accessible properties; the e2e suite reads
        // names through AT-SPI. The role is readable here.
        XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(box.widgetPointer)), GTK_ACCESSIBLE_ROLE_GROUP)
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
    var onDeinit: (@MainActor () -> Void)?
    func touch() {}
    isolated deinit { onDeinit?() }
}
