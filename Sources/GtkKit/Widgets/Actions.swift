// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// A named command (`app.refresh`, `win.back`) that menus, buttons and keyboard
/// accelerators activate. Its owner (the application or window) keeps it alive.
public struct Action {
    let action: OpaquePointer  // GSimpleAction *, owned by its action map

    /// A disabled action ignores its accelerators, so the key reaches the
    /// focused widget instead.
    @MainActor
    public var isEnabled: Bool {
        get { g_action_get_enabled(action) != 0 }
        nonmutating set { g_simple_action_set_enabled(action, newValue ? 1 : 0) }
    }

    /// Adds `name` to `map` (a GActionMap: an application or application window).
    @MainActor
    static func add(
        to map: OpaquePointer, name: String, _ handler: @escaping @MainActor () -> Void
    ) -> Action {
        let action = g_simple_action_new(name, nil)!
        Signals.connect(UnsafeMutableRawPointer(action), "activate", handler)
        g_action_map_add_action(map, action)
        g_object_unref(UnsafeMutableRawPointer(action))  // the map holds it now
        return Action(action: action)
    }

    /// Adds `name` with a string parameter (`app.show-report::<id>`, or from
    /// D-Bus and GNotification buttons with a string target).
    @MainActor
    static func add(
        to map: OpaquePointer, name: String, string handler: @escaping @MainActor (String) -> Void
    ) -> Action {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        let action = g_simple_action_new(name, type)!
        Signals.connect(
            UnsafeMutableRawPointer(action), "activate",
            arguments: { arguments in
                // GAction checks the parameter's type before emitting; a wrong one never gets here.
                if let value = arguments.variantString(at: 1) { handler(value) }
            })
        g_action_map_add_action(map, action)
        g_object_unref(UnsafeMutableRawPointer(action))
        return Action(action: action)
    }
}

extension ApplicationWindow {
    /// Adds `win.<name>` and its keyboard accelerators (e.g. "Escape", "<Control>f").
    @discardableResult
    public func addAction(
        _ name: String, accelerators: [String] = [], _ handler: @escaping @MainActor () -> Void
    ) -> Action {
        let action = Action.add(to: OpaquePointer(widgetPointer), name: name, handler)
        if let application = gtk_window_get_application(window), !accelerators.isEmpty {
            withCStringArray(accelerators) { gtk_application_set_accels_for_action(application, "win.\(name)", $0) }
        }
        return action
    }
}
