// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// PreferencesPage, PreferencesGroup and ActionRow: where rows and other
/// widgets go, what screen readers are told, and what activates.
final class FormLayoutTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    func testAGroupPutsRowsInItsListAndOtherWidgetsBelowIt() {
        MainActor.assumeIsolated {
            let group = PreferencesGroup(title: "Pet & owner", description: "Who is missing <and> who to call")
            g_object_ref_sink(group.raw)
            defer { g_object_unref(group.raw) }
            XCTAssertEqual(group.title, "Pet & owner", "plain text, escaped for libadwaita's markup")
            XCTAssertEqual(group.groupDescription, "Who is missing <and> who to call")
            XCTAssertEqual(group.shownLabelTexts.prefix(2), ["Pet & owner", "Who is missing <and> who to call"])
            XCTAssertEqual(
                gtk_accessible_get_accessible_role(OpaquePointer(group.handle.pointer)), GTK_ACCESSIBLE_ROLE_GROUP)
            XCTAssertEqual(group.accessibleLabel, "Pet & owner")

            let name = EntryRow(title: "Name")
            let species = ComboRow(title: "Species", items: ["Dog", "Cat"])
            let button = Button(label: "Clear")
            group.add(name)
            group.add(species)
            group.add(button)
            let list = gtk_widget_get_parent(name.handle.pointer)!
            XCTAssertTrue(AnyWidget(list).hasCSSClass("boxed-list"))
            XCTAssertEqual(gtk_widget_get_parent(species.handle.pointer), list)
            XCTAssertNotEqual(gtk_widget_get_parent(button.handle.pointer), list, "not a row: below the list")
            XCTAssertEqual(gtk_widget_get_parent(button.handle.pointer), gtk_widget_get_parent(list))
        }
    }

    func testAnUntitledGroupIsNoLandmark() {
        MainActor.assumeIsolated {
            let group = PreferencesGroup()
            g_object_ref_sink(group.raw)
            defer { g_object_unref(group.raw) }
            XCTAssertEqual(group.title, "")
            XCTAssertNil(group.groupDescription)
            XCTAssertEqual(
                gtk_accessible_get_accessible_role(OpaquePointer(group.handle.pointer)), GTK_ACCESSIBLE_ROLE_GENERIC)
        }
    }

    func testThePageScrollsItsGroups() {
        MainActor.assumeIsolated {
            let groups = (1...6).map { index in
                let group = PreferencesGroup(title: "Group \(index)")
                for field in 1...4 { group.add(EntryRow(title: "Field \(index).\(field)")) }
                return group
            }
            let page = PreferencesPage(groups: groups)
            let window = PlainWindow.showing(page, width: 400, height: 300)
            defer { window.destroy() }
            XCTAssertTrue(runMainLoop(until: { page.isMapped && page.allocatedHeight > 0 }))
            XCTAssertLessThanOrEqual(page.allocatedHeight, 300, "it scrolls instead of growing")
            page.verticalOffset = 200
            XCTAssertEqual(page.verticalOffset, 200, accuracy: 0.5)
            page.verticalOffset = 0
            XCTAssertEqual(page.verticalOffset, 0)
        }
    }

    func testARowActivatesItsActivatableWidget() {
        MainActor.assumeIsolated {
            let row = ActionRow(title: "Photo", subtitle: "No photo chosen")
            let list = BoxedList(accessibleLabel: "Report")
            list.append(row)
            // A button activates only once realized (GTK plays its press first).
            let window = PlainWindow.showing(list, width: 400, height: 200)
            defer { window.destroy() }
            XCTAssertEqual(row.title, "Photo")
            XCTAssertEqual(row.subtitle, "No photo chosen")
            let button = Button(label: "Choose…")
            var clicks = 0
            button.onClicked { clicks += 1 }
            row.addSuffix(button)
            row.setActivatableWidget(button)
            XCTAssertNotEqual(gtk_list_box_row_get_activatable(gcast(row.raw)), 0)
            XCTAssertTrue(runMainLoop(until: { button.isMapped }))
            row.activate()
            XCTAssertTrue(runMainLoop(until: { clicks == 1 }, timeout: 5))
        }
    }

    func testOnActivatedMakesARowActivatable() {
        MainActor.assumeIsolated {
            let row = ActionRow(title: "Location")
            g_object_ref_sink(row.raw)
            defer { g_object_unref(row.raw) }
            XCTAssertEqual(gtk_list_box_row_get_activatable(gcast(row.raw)), 0, "inert until given something to do")
            var activations = 0
            row.onActivated { activations += 1 }
            XCTAssertNotEqual(gtk_list_box_row_get_activatable(gcast(row.raw)), 0)
            row.activate()
            XCTAssertEqual(activations, 1)
        }
    }

    func testAnActionRowShowsAnErrorBeforeItsSuffixes() {
        MainActor.assumeIsolated {
            let row = ActionRow(title: "Location")
            g_object_ref_sink(row.raw)
            defer { g_object_unref(row.raw) }
            let button = Button(label: "Choose…")
            row.addSuffix(button)
            row.errorMessage = nil
            XCTAssertNil(row.errorMessage)
            XCTAssertEqual(row.shownWidgets(withCSSClass: "field-message").count, 0, "made only when needed")
            row.errorMessage = "Choose where the pet was last seen"
            XCTAssertEqual(row.errorMessage, "Choose where the pet was last seen")
            XCTAssertTrue(row.hasCSSClass("error"))
            XCTAssertTrue(row.isAccessibleInvalid)
            XCTAssertEqual(row.accessibleDescription, "Choose where the pet was last seen")
            let message = row.shownWidgets(withCSSClass: "field-message").first!
            XCTAssertEqual(gtk_widget_get_next_sibling(message.handle.pointer), button.handle.pointer)
            row.errorMessage = nil
            XCTAssertFalse(row.isAccessibleInvalid)
            XCTAssertEqual(row.shownWidgets(withCSSClass: "field-message").count, 0)
        }
    }
}
