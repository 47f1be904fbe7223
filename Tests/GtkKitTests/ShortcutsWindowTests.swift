// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// The shortcuts window is GtkBuilder XML made from Swift values: every title
/// must come through as written, whatever characters it holds.
final class ShortcutsWindowTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    private static let groups = [
        KeyboardShortcutGroup(
            "General",
            [
                KeyboardShortcut("Refresh", accelerators: ["<Control>r", "F5"]),
                KeyboardShortcut("Cats & \"dogs\" <here>", accelerators: ["<Control>question"]),
            ]),
        KeyboardShortcutGroup("Map", [KeyboardShortcut("Zoom in", accelerators: ["plus"])]),
    ]

    func testTitlesAndGroupsAreShownAsWrittenInAModalWindow() {
        MainActor.assumeIsolated {
            let window = ShortcutsWindow(title: "Shortcuts", groups: Self.groups)
            defer { window.close() }
            window.present()
            XCTAssertTrue(window.isModal)
            XCTAssertEqual(window.title, "Shortcuts", "screen readers read this name")
            let texts = window.shownLabelTexts
            for title in ["General", "Refresh", "Cats & \"dogs\" <here>", "Map", "Zoom in"] {
                XCTAssertTrue(texts.contains(title), "\(title) missing from \(texts)")
            }
            // One GtkShortcutsShortcut per line, with its keys drawn by a GtkShortcutLabel.
            XCTAssertEqual(window.shownWidgets(ofType: "GtkShortcutsShortcut").count, 3)
        }
    }

    func testAlternativeAcceleratorsAreOneSpaceSeparatedProperty() {
        let xml = MainActor.assumeIsolated { ShortcutsWindow.builderXML(Self.groups) }
        XCTAssertTrue(xml.contains(#"<property name="accelerator">&lt;Control&gt;r F5</property>"#), xml)
        XCTAssertTrue(xml.contains("Cats &amp; &quot;dogs&quot; &lt;here&gt;"), xml)
    }
}
