// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// `Properties` sets and reads GObject properties of each kind through one helper.
final class PropertyTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    func testStringBoolAndEnumPropertiesRoundTrip() {
        MainActor.assumeIsolated {
            let label = Label("Rex")
            g_object_ref_sink(label.raw)
            defer { g_object_unref(label.raw) }

            Properties.set(label.raw, "label", "Tom & Jerry")
            XCTAssertEqual(Properties.get(label.raw, "label", as: String.self), "Tom & Jerry")
            XCTAssertEqual(label.text, "Tom & Jerry")

            Properties.set(label.raw, "selectable", true)
            XCTAssertEqual(Properties.get(label.raw, "selectable", as: Bool.self), true)
            XCTAssertEqual(gtk_label_get_selectable(OpaquePointer(label.widgetPointer)), 1)

            let centre = EnumValue(type: gtk_justification_get_type(), rawValue: Int32(GTK_JUSTIFY_CENTER.rawValue))
            Properties.set(label.raw, "justify", centre)
            XCTAssertEqual(Properties.get(label.raw, "justify", as: EnumValue.self), centre)
            XCTAssertEqual(gtk_label_get_justify(OpaquePointer(label.widgetPointer)), GTK_JUSTIFY_CENTER)
        }
    }

    func testReadingAnotherTypeOrAMissingPropertyGivesNil() {
        MainActor.assumeIsolated {
            let label = Label("Rex")
            g_object_ref_sink(label.raw)
            defer { g_object_unref(label.raw) }
            XCTAssertNil(Properties.get(label.raw, "selectable", as: String.self))
            XCTAssertNil(Properties.get(label.raw, "no-such-property", as: Bool.self))
        }
    }

    func testSearchEntryShowsItsPlaceholder() {
        MainActor.assumeIsolated {
            let entry = SearchEntry(placeholder: "Search by name or breed")
            g_object_ref_sink(entry.raw)
            defer { g_object_unref(entry.raw) }
            XCTAssertEqual(Properties.get(entry.raw, "placeholder-text", as: String.self), "Search by name or breed")
        }
    }

    func testSearchEntrysDelayIsSetInMilliseconds() {
        MainActor.assumeIsolated {
            let entry = SearchEntry(placeholder: "Search")
            g_object_ref_sink(entry.raw)
            defer { g_object_unref(entry.raw) }
            XCTAssertEqual(entry.searchDelay, .milliseconds(150), "GTK's default")
            entry.searchDelay = .milliseconds(40)
            XCTAssertEqual(Properties.get(entry.raw, "search-delay", as: UInt32.self), 40)
            entry.searchDelay = .zero
            XCTAssertEqual(entry.searchDelay, .zero)
        }
    }

    func testHeadingRoleIsSetThroughTheEnumProperty() {
        MainActor.assumeIsolated {
            let label = Label("Recent Reports")
            g_object_ref_sink(label.raw)
            defer { g_object_unref(label.raw) }
            label.setAccessibleRole(.heading)
            XCTAssertEqual(
                gtk_accessible_get_accessible_role(OpaquePointer(label.widgetPointer)), GTK_ACCESSIBLE_ROLE_HEADING)
        }
    }
}
