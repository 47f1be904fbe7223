// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// ComboRow and ToggleGroup: choices the user makes reach the handlers,
/// choices set from code do not.
final class ChoiceTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    func testComboRowStartsWithNothingChosenAndReportsOnlyTheUsersChoices() {
        MainActor.assumeIsolated {
            let row = ComboRow(title: "Species", items: ["Dog", "Cat", "Bird"])
            g_object_ref_sink(row.raw)
            defer { g_object_unref(row.raw) }
            XCTAssertEqual(row.items, ["Dog", "Cat", "Bird"])
            XCTAssertNil(row.selectedIndex)
            var chosen: [Int] = []
            row.onSelected { chosen.append($0) }

            row.selectedIndex = 2
            XCTAssertEqual(row.selectedIndex, 2)
            XCTAssertEqual(chosen, [], "set from code")
            row.simulateSelection(1)
            XCTAssertEqual(row.selectedIndex, 1)
            XCTAssertEqual(chosen, [1])
            row.selectedIndex = 7
            XCTAssertNil(row.selectedIndex, "out of range chooses nothing")
            row.selectedIndex = nil
            XCTAssertEqual(chosen, [1])
        }
    }

    func testComboRowKeepsTheChoiceWhenItemsAreReplaced() {
        MainActor.assumeIsolated {
            let row = ComboRow(title: "Sex", items: ["Male", "Female", "Unknown"], selectedIndex: 1)
            g_object_ref_sink(row.raw)
            defer { g_object_unref(row.raw) }
            var chosen: [Int] = []
            row.onSelected { chosen.append($0) }
            XCTAssertEqual(row.selectedIndex, 1)
            row.items = ["Samiec", "Samica", "Nie wiadomo"]
            XCTAssertEqual(row.items, ["Samiec", "Samica", "Nie wiadomo"])
            XCTAssertEqual(row.selectedIndex, 1)
            row.items = ["Only one"]
            XCTAssertNil(row.selectedIndex)
            XCTAssertEqual(chosen, [])
        }
    }

    func testComboRowErrorMessageMarksTheRowInvalid() {
        MainActor.assumeIsolated {
            let row = ComboRow(title: "Species", items: ["Dog", "Cat"])
            g_object_ref_sink(row.raw)
            defer { g_object_unref(row.raw) }
            row.errorMessage = "Choose a species"
            XCTAssertTrue(row.hasCSSClass("error"))
            XCTAssertTrue(row.isAccessibleInvalid)
            XCTAssertEqual(row.accessibleDescription, "Choose a species")
            XCTAssertTrue(row.shownLabelTexts.contains("Choose a species"))
            row.errorMessage = nil
            XCTAssertFalse(row.isAccessibleInvalid)
            XCTAssertNil(row.errorMessage)
        }
    }

    func testToggleGroupReportsClicksButNotChoicesFromCode() {
        MainActor.assumeIsolated {
            let group = ToggleGroup(options: ["Lost", "Found"], accessibleLabel: "Status")
            g_object_ref_sink(group.raw)
            defer { g_object_unref(group.raw) }
            XCTAssertNil(group.selectedIndex)
            var chosen: [Int] = []
            group.onSelected { chosen.append($0) }

            XCTAssertTrue(group.clickButton(labelled: "Found"))
            XCTAssertEqual(group.selectedIndex, 1)
            XCTAssertEqual(chosen, [1])
            XCTAssertTrue(group.clickButton(labelled: "Found"))
            XCTAssertEqual(group.selectedIndex, 1, "clicking the chosen option keeps it")
            XCTAssertEqual(chosen, [1])
            XCTAssertTrue(group.clickButton(labelled: "Lost"))
            XCTAssertEqual(chosen, [1, 0])
            XCTAssertEqual(group.optionButtons.map(\.isActive), [true, false])

            group.selectedIndex = 1
            XCTAssertEqual(group.optionButtons.map(\.isActive), [false, true])
            group.selectedIndex = nil
            XCTAssertEqual(group.optionButtons.map(\.isActive), [false, false])
            XCTAssertEqual(chosen, [1, 0], "set from code")
        }
    }

    func testToggleGroupIsANamedGroupOfLinkedButtons() {
        MainActor.assumeIsolated {
            let group = ToggleGroup(options: ["Lost", "Found"], accessibleLabel: "Status", selectedIndex: 0)
            g_object_ref_sink(group.raw)
            defer { g_object_unref(group.raw) }
            XCTAssertEqual(
                gtk_accessible_get_accessible_role(OpaquePointer(group.handle.pointer)), GTK_ACCESSIBLE_ROLE_GROUP)
            XCTAssertEqual(group.accessibleLabel, "Status")
            XCTAssertTrue(group.hasCSSClass("linked"))
            XCTAssertEqual(group.shownLabelTexts, ["Lost", "Found"])
            XCTAssertEqual(group.selectedIndex, 0)
        }
    }
}
