import GtkKit

/// Every keyboard shortcut PetSpot has, in one place: the actions take their
/// accelerators from here and the Keyboard Shortcuts window lists the same
/// values, so the two cannot drift apart.
enum AppShortcuts {
    static let refresh = ["<Control>r", "F5"]
    static let quit = ["<Control>q"]
    static let search = ["<Control>f"]
    static let back = ["Escape", "<Alt>Left"]
    /// GNOME's key for the shortcuts window (Ctrl+?).
    static let showShortcuts = ["<Control>question"]
    /// The shortcuts window's name: what its header shows.
    static let windowTitle = "Shortcuts"

    /// What the Keyboard Shortcuts window lists. The map's keys are handled by
    /// the map itself while it has the focus (`SimpleMap.enableKeyboardNavigation`).
    static let groups: [KeyboardShortcutGroup] = [
        KeyboardShortcutGroup("General", [
            KeyboardShortcut("Refresh", accelerators: refresh),
            KeyboardShortcut("Keyboard shortcuts", accelerators: showShortcuts),
            KeyboardShortcut("Quit", accelerators: quit),
        ]),
        KeyboardShortcutGroup("Navigation", [
            KeyboardShortcut("Search reports", accelerators: search),
            KeyboardShortcut("Go back", accelerators: back),
        ]),
        KeyboardShortcutGroup("Map", [
            KeyboardShortcut("Move the map", accelerators: ["Left", "Right", "Up", "Down"]),
            KeyboardShortcut("Zoom in", accelerators: ["plus"]),
            KeyboardShortcut("Zoom out", accelerators: ["minus"]),
        ]),
    ]
}
