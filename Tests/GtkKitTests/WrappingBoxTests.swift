// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// A hidden child of a `WrappingBox` takes no cell, so the others close up;
/// shown again, it has its cell back.
final class WrappingBoxTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    func testAHiddenChildGivesUpItsCellAndTakesItBackWhenShown() {
        MainActor.assumeIsolated {
            let copy = Button(label: "Copy Link")
            let email = Button(label: "Email…")
            copy.isVisible = false
            let box = WrappingBox(spacing: 12, maximumPerLine: 3, children: [copy, email])
            g_object_ref_sink(box.raw)
            defer { g_object_unref(box.raw) }
            @MainActor func cellIsVisible(_ child: Button) -> Bool {
                gtk_widget_get_visible(gtk_widget_get_parent(child.widgetPointer)) != 0
            }

            XCTAssertFalse(cellIsVisible(copy), "hidden before the box was made")
            XCTAssertTrue(cellIsVisible(email))
            copy.isVisible = true
            XCTAssertTrue(cellIsVisible(copy))
            email.isVisible = false
            XCTAssertFalse(cellIsVisible(email))
        }
    }
}
