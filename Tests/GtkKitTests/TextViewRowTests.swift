// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// TextViewRow: a multi-line field that behaves as EntryRow does.
final class TextViewRowTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    func testTypingCallsOnChangedAndSettingTextFromCodeDoesNot() {
        MainActor.assumeIsolated {
            let row = TextViewRow(title: "Description")
            g_object_ref_sink(row.raw)
            defer { g_object_unref(row.raw) }
            var changes: [String] = []
            row.onChanged { changes.append($0) }
            row.text = "Grey cat,\nwhite paws"
            XCTAssertEqual(row.text, "Grey cat,\nwhite paws")
            XCTAssertEqual(changes, [])
            row.simulateTyping(" & a red collar")
            XCTAssertEqual(changes, ["Grey cat,\nwhite paws & a red collar"])
        }
    }

    func testTheTitleIsShownAndNamesTheTextView() {
        MainActor.assumeIsolated {
            let row = TextViewRow(title: "Description & marks")
            g_object_ref_sink(row.raw)
            defer { g_object_unref(row.raw) }
            XCTAssertEqual(row.shownLabelTexts.first, "Description & marks")
            XCTAssertEqual(row.textWidget.accessibleLabel, "Description & marks")
            XCTAssertEqual(gtk_text_view_get_wrap_mode(gcast(row.textWidget.raw)), GTK_WRAP_WORD_CHAR)
        }
    }

    func testAnErrorMessageMarksTheTextInvalidAndShowsTheMessageUnderIt() {
        MainActor.assumeIsolated {
            let row = TextViewRow(title: "Description")
            let list = BoxedList(accessibleLabel: "Report")
            list.append(row)
            let window = PlainWindow.showing(list, width: 400, height: 300)
            defer { window.destroy() }
            row.errorMessage = "Describe the pet in a few words"
            XCTAssertTrue(row.hasCSSClass("error"))
            XCTAssertTrue(row.textWidget.isAccessibleInvalid)
            XCTAssertEqual(row.textWidget.accessibleDescription, "Describe the pet in a few words")
            XCTAssertTrue(runMainLoop(until: { row.messageWidget.isMapped }))
            var text = graphene_rect_t()
            var message = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(row.textWidget.handle.pointer, row.handle.pointer, &text), 0)
            XCTAssertNotEqual(
                gtk_widget_compute_bounds(row.messageWidget.handle.pointer, row.handle.pointer, &message), 0)
            XCTAssertGreaterThanOrEqual(message.origin.y, text.origin.y + text.size.height, "under the text")

            row.errorMessage = nil
            XCTAssertFalse(row.hasCSSClass("error"))
            XCTAssertFalse(row.textWidget.isAccessibleInvalid)
            XCTAssertNil(row.textWidget.accessibleDescription)
            XCTAssertFalse(row.messageWidget.isVisible)
        }
    }

    func testTheTextTakesTheFocusNotTheRow() {
        MainActor.assumeIsolated {
            let row = TextViewRow(title: "Description")
            let list = BoxedList(accessibleLabel: "Report")
            list.append(row)
            let window = PlainWindow.showing(list, width: 400, height: 300)
            defer { window.destroy() }
            XCTAssertFalse(row.canFocus)
            XCTAssertTrue(row.focusText())
            XCTAssertTrue(runMainLoop(until: { gtk_widget_has_focus(row.textWidget.handle.pointer) != 0 }))
        }
    }
}
