// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// A button's busy state: a spinner and a label in place of its content,
/// no second press, and the busy state for assistive technology.
final class ButtonProgressTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    func testABusyButtonSpinsAndComesBackAsItWas() {
        MainActor.assumeIsolated {
            let button = Button(label: "Send Report", cssClasses: ["suggested-action"])
            let window = PlainWindow.showing(Box(.horizontal, children: [button]), width: 400, height: 100)
            defer { window.destroy() }
            XCTAssertTrue(runMainLoop(until: { button.isMapped && gtk_widget_get_width(button.handle.pointer) > 0 }))
            let width = gtk_widget_get_width(button.handle.pointer)
            XCTAssertFalse(button.isBusy)

            button.setBusy(true, label: "Sending…")
            XCTAssertTrue(button.isBusy)
            XCTAssertFalse(button.isSensitive)
            XCTAssertTrue(button.isAccessibleBusy)
            XCTAssertEqual(button.shownLabelTexts, ["Sending…"])
            let spinners = button.shownWidgets(ofType: "GtkSpinner")
            XCTAssertEqual(spinners.count, 1)
            XCTAssertNotEqual(gtk_spinner_get_spinning(OpaquePointer(spinners[0].handle.pointer)), 0)
            XCTAssertTrue(runMainLoop(until: { spinners[0].isMapped }))
            XCTAssertGreaterThanOrEqual(gtk_widget_get_width(button.handle.pointer), width, "keeps its width")

            button.setBusy(true, label: "Uploading photo…")
            XCTAssertEqual(button.shownLabelTexts, ["Uploading photo…"])

            button.setBusy(false)
            XCTAssertFalse(button.isBusy)
            XCTAssertTrue(button.isSensitive)
            XCTAssertFalse(button.isAccessibleBusy)
            XCTAssertEqual(button.shownLabelTexts, ["Send Report"])
            XCTAssertEqual(gtk_button_get_label(gcast(button.raw)).map { String(cString: $0) }, "Send Report")
            var requested: Int32 = 0
            var unused: Int32 = 0
            gtk_widget_get_size_request(button.handle.pointer, &requested, &unused)
            XCTAssertEqual(requested, -1, "its own size request back")
        }
    }

    func testAnIconButtonKeepsItsName() {
        MainActor.assumeIsolated {
            let button = Button(iconName: "mail-send-symbolic", accessibleLabel: "Send")
            g_object_ref_sink(button.raw)
            defer { g_object_unref(button.raw) }
            button.setBusy(true, label: "Sending…")
            XCTAssertEqual(button.accessibleLabel, "Send")
            button.setBusy(false)
            XCTAssertEqual(button.shownIconNames, ["mail-send-symbolic"])
            button.setBusy(false)  // not busy: nothing to undo
            XCTAssertTrue(button.isSensitive)
        }
    }
}
