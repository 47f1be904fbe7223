// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// One line of a shortcuts window: what it does, and its keys in GTK's
/// accelerator syntax ("<Control>r"); several are alternatives ("F5", "<Control>r").
public struct KeyboardShortcut: Sendable, Equatable {
    public var title: String
    public var accelerators: [String]

    public init(_ title: String, accelerators: [String]) {
        self.title = title
        self.accelerators = accelerators
    }
}

/// A titled group of shortcuts ("General", "Map").
public struct KeyboardShortcutGroup: Sendable, Equatable {
    public var title: String
    public var shortcuts: [KeyboardShortcut]

    public init(_ title: String, _ shortcuts: [KeyboardShortcut]) {
        self.title = title
        self.shortcuts = shortcuts
    }
}

/// GtkShortcutsWindow, modal and transient for the main window; Escape closes
/// it (GTK binds it) and closing destroys it. GTK 4.8 has no API to add groups
/// and shortcuts in code (it came in 4.14), so the window is described in
/// GtkBuilder XML, which is what GTK documents for it.
public struct ShortcutsWindow: Widget {
    public let handle: WidgetHandle

    /// `title` names the window for screen readers: GTK 4.8 leaves it
    /// unset, so it would be read as "GtkShortcutsWindow". Its header shows
    /// GTK's own "Shortcuts" whatever this says.
    public init(transientFor parent: ApplicationWindow, title: String, groups: [KeyboardShortcutGroup]) {
        self.init(title: title, groups: groups)
        gtk_window_set_transient_for(gcast(widgetPointer), parent.window)
    }

    /// A window with no parent, for tests.
    package init(title: String, groups: [KeyboardShortcutGroup]) {
        let builder = gtk_builder_new_from_string(Self.builderXML(groups), -1)!
        let object = gtk_builder_get_object(builder, Self.objectID)!
        handle = WidgetHandle(gcast(UnsafeMutableRawPointer(object)))
        // GTK's list of toplevels keeps the window once the builder lets go.
        g_object_unref(UnsafeMutableRawPointer(builder))
        gtk_window_set_modal(gcast(widgetPointer), 1)
        gtk_window_set_title(gcast(widgetPointer), title)
    }

    public func present() { gtk_window_present(gcast(widgetPointer)) }
    public func close() { gtk_window_close(gcast(widgetPointer)) }

    public var title: String? { gtk_window_get_title(gcast(widgetPointer)).map { String(cString: $0) } }
    public var isModal: Bool { gtk_window_get_modal(gcast(widgetPointer)) != 0 }

    static let objectID = "shortcuts-window"

    /// The builder description: one section holding `groups`. Package-visible
    /// so tests can check the escaping.
    package static func builderXML(_ groups: [KeyboardShortcutGroup]) -> String {
        var xml = """
            <interface>
              <object class="GtkShortcutsWindow" id="\(objectID)">
                <child>
                  <object class="GtkShortcutsSection">
                    <property name="section-name">shortcuts</property>

            """
        for group in groups {
            xml += """
                        <child>
                          <object class="GtkShortcutsGroup">
                            <property name="title">\(escaped(group.title))</property>

                """
            for shortcut in group.shortcuts {
                // GtkShortcutLabel shows space-separated accelerators as alternatives.
                xml += """
                                <child>
                                  <object class="GtkShortcutsShortcut">
                                    <property name="title">\(escaped(shortcut.title))</property>
                                    <property name="accelerator">\(escaped(shortcut.accelerators.joined(separator: " ")))</property>
                                  </object>
                                </child>

                    """
            }
            xml += """
                          </object>
                        </child>

                """
        }
        xml += """
                  </object>
                </child>
              </object>
            </interface>
            """
        return xml
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
