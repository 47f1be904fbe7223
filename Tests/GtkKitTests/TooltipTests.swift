// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// `setTooltip` hides a widget outside any window for the change (to skip
/// GTK's pointer query): the tooltip must still be set and the widget shown.
final class TooltipTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    func testTooltipOfAWidgetOutsideAWindowIsSetAndTheWidgetStaysVisible() {
        MainActor.assumeIsolated {
            let label = Label("Luna")
            g_object_ref_sink(label.raw)
            defer { g_object_unref(label.raw) }
            label.setTooltip("Luna, Cat")
            XCTAssertEqual(label.tooltip, "Luna, Cat")
            XCTAssertTrue(label.isVisible)
            label.setTooltip(nil)
            XCTAssertNil(label.tooltip)
            XCTAssertTrue(label.isVisible)
        }
    }

    func testAHiddenWidgetStaysHidden() {
        MainActor.assumeIsolated {
            let label = Label("Luna")
            g_object_ref_sink(label.raw)
            defer { g_object_unref(label.raw) }
            label.isVisible = false
            label.setTooltip("Luna, Cat")
            XCTAssertEqual(label.tooltip, "Luna, Cat")
            XCTAssertFalse(label.isVisible)
        }
    }

    func testTooltipOfAWidgetInAWindowIsSet() {
        MainActor.assumeIsolated {
            let label = Label("Luna")
            let window = PlainWindow(child: label, width: 200, height: 100)
            defer { window.destroy() }
            label.setTooltip("Luna, Cat")
            XCTAssertEqual(label.tooltip, "Luna, Cat")
            XCTAssertTrue(label.isVisible)
        }
    }

    func testATooltipFromAClosureShowsItsCurrentTextOrNothing() {
        MainActor.assumeIsolated {
            let label = Label("Luna")
            g_object_ref_sink(label.raw)
            defer { g_object_unref(label.raw) }
            let source = TooltipSource()
            label.setTooltip(from: { source.text })
            let tooltip = TooltipObject()
            defer { g_object_unref(tooltip.pointer) }

            XCTAssertEqual(queryTooltip(on: label, tooltip), true)
            source.text = nil
            XCTAssertEqual(queryTooltip(on: label, tooltip), false, "no text, no tooltip")
        }
    }
}

/// Emits `query-tooltip` as GTK does when the pointer rests on the widget.
@MainActor
private func queryTooltip(on widget: some Widget, _ tooltip: TooltipObject) -> Bool? {
    Signals.emit("query-tooltip", on: widget.raw, [Int32(4), Int32(4), false, tooltip], returning: Bool.self)
}

/// What the tooltip closure reads, changed by the test.
@MainActor
private final class TooltipSource {
    var text: String? = "Luna, Cat"
}

/// A GtkTooltip as a signal parameter (GTK makes them; nothing public does).
private struct TooltipObject: GValueRepresentable {
    let pointer: UnsafeMutableRawPointer
    init() { pointer = UnsafeMutableRawPointer(g_object_new_with_properties(gtk_tooltip_get_type(), 0, nil, nil)!) }
    init?(gValue: UnsafePointer<GValue>) {
        guard let object = g_value_get_object(gValue) else { return nil }
        pointer = object
    }
    var gValueType: GType { gtk_tooltip_get_type() }
    func store(in gValue: UnsafeMutablePointer<GValue>) { g_value_set_object(gValue, pointer) }
}
