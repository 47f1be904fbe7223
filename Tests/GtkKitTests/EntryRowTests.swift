// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// EntryRow: the user's edits reach `onChanged`, the code's do not; input
/// hints and the length limit reach GTK; an error message shows and is told
/// to assistive technology, and goes away entirely.
final class EntryRowTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    func testTypingCallsOnChangedAndSettingTextFromCodeDoesNot() {
        MainActor.assumeIsolated {
            let row = EntryRow(title: "Pet's name")
            g_object_ref_sink(row.raw)
            defer { g_object_unref(row.raw) }
            var changes: [String] = []
            row.onChanged { changes.append($0) }

            row.text = "Luna"
            XCTAssertEqual(row.text, "Luna")
            XCTAssertEqual(changes, [], "text set from code is not an edit")

            row.simulateTyping("!")
            XCTAssertEqual(row.text, "Luna!")
            XCTAssertEqual(changes, ["Luna!"])

            row.text = ""
            XCTAssertEqual(changes, ["Luna!"])
            row.simulateTyping("R")
            XCTAssertEqual(changes, ["Luna!", "R"])
        }
    }

    func testMaxLengthStopsTypingAtTheLimit() {
        MainActor.assumeIsolated {
            let row = EntryRow(title: "Microchip number", purpose: .digits, maxLength: 5)
            g_object_ref_sink(row.raw)
            defer { g_object_unref(row.raw) }
            XCTAssertEqual(row.maxLength, 5)
            row.simulateTyping("1234567")
            XCTAssertEqual(row.text, "12345")
            row.maxLength = 0
            row.simulateTyping("67")
            XCTAssertEqual(row.text, "1234567")
        }
    }

    func testPurposeAndHintsReachTheText() {
        MainActor.assumeIsolated {
            let row = EntryRow(title: "E-mail", purpose: .email, hints: [.noSpellcheck, .lowercase])
            g_object_ref_sink(row.raw)
            defer { g_object_unref(row.raw) }
            let text: UnsafeMutablePointer<GtkText> = gcast(row.textWidget.raw)
            XCTAssertEqual(gtk_text_get_input_purpose(text), GTK_INPUT_PURPOSE_EMAIL)
            XCTAssertEqual(
                gtk_text_get_input_hints(text).rawValue,
                GTK_INPUT_HINT_NO_SPELLCHECK.rawValue | GTK_INPUT_HINT_LOWERCASE.rawValue)
            XCTAssertEqual(row.inputPurpose, .email)
            XCTAssertEqual(row.inputHints, [.noSpellcheck, .lowercase])
            row.inputPurpose = .phone
            XCTAssertEqual(gtk_text_get_input_purpose(text), GTK_INPUT_PURPOSE_PHONE)
        }
    }

    func testTheTitleNamesTheFocusableText() {
        MainActor.assumeIsolated {
            let row = EntryRow(title: "Owner's name & surname")
            g_object_ref_sink(row.raw)
            defer { g_object_unref(row.raw) }
            XCTAssertEqual(row.title, "Owner's name & surname", "plain text, not markup")
            XCTAssertEqual(row.textWidget.accessibleLabel, "Owner's name & surname")
            row.title = "Name"
            XCTAssertEqual(row.textWidget.accessibleLabel, "Name")
        }
    }

    func testAnErrorMessageMarksTheFieldInvalidAndShowsTheMessage() {
        MainActor.assumeIsolated {
            let row = EntryRow(title: "E-mail", purpose: .email)
            let window = PlainWindow.showing(row, width: 400, height: 100)
            defer { window.destroy() }
            XCTAssertNil(row.errorMessage)
            XCTAssertFalse(row.hasCSSClass("error"))
            XCTAssertFalse(row.textWidget.isAccessibleInvalid)
            XCTAssertNil(row.textWidget.accessibleDescription)
            XCTAssertFalse(row.messageWidget.isVisible)

            row.errorMessage = "Enter an e-mail address like name@example.com"
            XCTAssertEqual(row.errorMessage, "Enter an e-mail address like name@example.com")
            XCTAssertTrue(row.hasCSSClass("error"))
            XCTAssertTrue(row.textWidget.isAccessibleInvalid)
            XCTAssertEqual(row.textWidget.accessibleDescription, "Enter an e-mail address like name@example.com")
            XCTAssertTrue(row.shownLabelTexts.contains("Enter an e-mail address like name@example.com"))
            XCTAssertTrue(runMainLoop(until: { row.messageWidget.isMapped }), "the message is on screen")

            row.errorMessage = nil
            XCTAssertNil(row.errorMessage)
            XCTAssertFalse(row.hasCSSClass("error"))
            XCTAssertFalse(row.textWidget.isAccessibleInvalid)
            XCTAssertNil(row.textWidget.accessibleDescription, "no stale description")
            XCTAssertFalse(row.shownLabelTexts.contains("Enter an e-mail address like name@example.com"))

            row.errorMessage = ""
            XCTAssertNil(row.errorMessage, "an empty message is no error")
            XCTAssertFalse(row.hasCSSClass("error"))
        }
    }

    func testEnterCallsOnActivated() {
        MainActor.assumeIsolated {
            let row = EntryRow(title: "Name")
            g_object_ref_sink(row.raw)
            defer { g_object_unref(row.raw) }
            var activated = 0
            row.onActivated { activated += 1 }
            Signals.emit("activate", on: row.textWidget.raw)  // what Enter in the GtkText emits
            XCTAssertEqual(activated, 1)
        }
    }
}
