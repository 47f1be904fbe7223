// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// GTK's own signals through the generic marshaller: their parameters and
/// return values, as the widget wrappers use them.
final class WidgetSignalTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    func testCloseRequestReturnValueReachesGtk() {
        MainActor.assumeIsolated {
            let window = AnyWidget(gtk_window_new())
            defer { gtk_window_destroy(gcast(window.raw)) }
            let keepOpen = Signals.connect(window.raw, "close-request", returning: { true })
            XCTAssertEqual(Signals.emit("close-request", on: window.raw, returning: Bool.self), true)
            keepOpen.disconnect()
            Signals.connect(window.raw, "close-request", returning: { false })
            XCTAssertEqual(Signals.emit("close-request", on: window.raw, returning: Bool.self), false)
        }
    }

    func testListViewActivatePassesThePosition() {
        MainActor.assumeIsolated {
            let list = ListView<AnyObject>(accessibleLabel: "Reports")
            g_object_ref_sink(list.widget.raw)
            defer { g_object_unref(list.widget.raw) }
            var activated: [UInt32] = []
            Signals.connect(list.widget.raw, "activate", unsigned: { activated.append($0) })
            Signals.emit("activate", on: list.widget.raw, [UInt32(3)])
            XCTAssertEqual(activated, [3])
        }
    }

    func testKeyPressedPassesKeyAndModifiersAndReturnsHandled() {
        MainActor.assumeIsolated {
            let controller = UnsafeMutableRawPointer(gtk_event_controller_key_new()!)
            defer { g_object_unref(controller) }
            var received: (UInt32, UInt32)?
            Signals.connect(
                controller, "key-pressed",
                key: { keyval, modifiers in
                    received = (keyval, modifiers)
                    return keyval == Keys.escape
                })
            let control = Modifiers(rawValue: Keys.control)
            let handled = Signals.emit(
                "key-pressed", on: controller, [Keys.escape, UInt32(9), control], returning: Bool.self)
            XCTAssertEqual(handled, true)
            XCTAssertEqual(received?.0, Keys.escape)
            XCTAssertEqual(received?.1, Keys.control)
            XCTAssertEqual(
                Signals.emit("key-pressed", on: controller, [Keys.f, UInt32(41), control], returning: Bool.self), false)
        }
    }
}

/// GdkModifierType as a GValue, to emit `key-pressed` as GDK does.
private struct Modifiers: GValueRepresentable {
    let rawValue: UInt32
    init(rawValue: UInt32) { self.rawValue = rawValue }
    init?(gValue: UnsafePointer<GValue>) { rawValue = g_value_get_flags(gValue) }
    var gValueType: GType { gdk_modifier_type_get_type() }
    func store(in gValue: UnsafeMutablePointer<GValue>) { g_value_set_flags(gValue, rawValue) }
}
