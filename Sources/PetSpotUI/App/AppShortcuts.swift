// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// Every keyboard shortcut PetSpot has, in one place: the actions take their
/// accelerators from here and the Keyboard Shortcuts window lists the same
/// values, so the two cannot drift apart.
enum AppShortcuts {
    static let refresh = ["<Control>r", "F5"]
    static let quit = ["<Control>q"]
    static let search = ["<Control>f"]
    static let newReport = ["<Control>n"]
    static let preferences = ["<Control>comma"]
    static let back = ["Escape", "<Alt>Left"]
    /// On a report's details page only.
    static let printPoster = ["<Control>p"]
    /// GNOME's key for the shortcuts window (Ctrl+?).
    static let showShortcuts = ["<Control>question"]
    /// The shortcuts window's name: what its header shows.
    static let windowTitle = tr("Shortcuts")

    /// What the Keyboard Shortcuts window lists. The map's keys are handled by
    /// the map itself while it has the focus (`SimpleMap.enableKeyboardNavigation`).
    static let groups: [KeyboardShortcutGroup] = [
        KeyboardShortcutGroup(
            tr("General"),
            [
                KeyboardShortcut(tr("Report a pet"), accelerators: newReport),
                KeyboardShortcut(tr("Refresh"), accelerators: refresh),
                KeyboardShortcut(tr("Preferences"), accelerators: preferences),
                KeyboardShortcut(tr("Keyboard shortcuts"), accelerators: showShortcuts),
                KeyboardShortcut(tr("Quit"), accelerators: quit),
            ]),
        KeyboardShortcutGroup(
            tr("Navigation"),
            [
                KeyboardShortcut(tr("Search reports"), accelerators: search),
                KeyboardShortcut(tr("Go back"), accelerators: back),
                KeyboardShortcut(tr("Print a poster of the report shown"), accelerators: printPoster),
            ]),
        KeyboardShortcutGroup(
            tr("Map"),
            [
                KeyboardShortcut(tr("Move the map"), accelerators: ["Left", "Right", "Up", "Down"]),
                KeyboardShortcut(tr("Zoom in"), accelerators: ["plus"]),
                KeyboardShortcut(tr("Zoom out"), accelerators: ["minus"]),
            ]),
    ]
}
