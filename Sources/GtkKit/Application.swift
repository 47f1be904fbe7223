// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import Glibc

/// AdwApplication with Swift-closure actions and keyboard accelerators.
@MainActor
public final class Application {
    let gtkApplication: UnsafeMutablePointer<GtkApplication>
    private var application: UnsafeMutablePointer<GApplication> { gcast(UnsafeMutableRawPointer(gtkApplication)) }

    public init(id: String) {
        MainLoop.attachSwiftConcurrency()
        gtkApplication = gcast(UnsafeMutableRawPointer(adw_application_new(id, G_APPLICATION_DEFAULT_FLAGS)))
    }

    /// Called when the application is launched or re-activated (a second launch
    /// of a unique application activates the first).
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        Signals.connect(UnsafeMutableRawPointer(gtkApplication), "activate", handler)
    }

    /// Adds `app.<name>` and its keyboard accelerators (e.g. "<Control>r", "F5").
    @discardableResult
    public func addAction(
        _ name: String, accelerators: [String] = [], _ handler: @escaping @MainActor () -> Void
    ) -> Action {
        let action = Action.add(to: OpaquePointer(gtkApplication), name: name, handler)
        setAccelerators(accelerators, for: "app.\(name)")
        return action
    }

    /// Adds `app.<name>` taking a string, for callers outside the window: GNOME
    /// Shell's search provider and notification buttons (`app.show-report('id')`).
    @discardableResult
    public func addAction(_ name: String, string handler: @escaping @MainActor (String) -> Void) -> Action {
        Action.add(to: OpaquePointer(gtkApplication), name: name, string: handler)
    }

    /// Activates `app.<name>` with a string in this process, as a remote
    /// caller's activation ends up doing (also before registration).
    public func activateAction(_ name: String, string value: String) {
        guard let action = g_action_map_lookup_action(OpaquePointer(gtkApplication), name) else { return }
        g_action_activate(action, g_variant_new_string(value))
    }

    public func setAccelerators(_ accelerators: [String], for detailedAction: String) {
        guard !accelerators.isEmpty else { return }
        withCStringArray(accelerators) { gtk_application_set_accels_for_action(gtkApplication, detailedAction, $0) }
    }

    /// Ends the main loop once the current callbacks return (closes every window).
    /// Holds do not stop it.
    public func quit() { g_application_quit(application) }

    /// Keeps the application running with no window open, until `release`.
    public func hold() { g_application_hold(application) }

    /// Balances one `hold`; the application ends once neither holds nor windows remain.
    public func release() { g_application_release(application) }

    /// Started by D-Bus activation (`--gapplication-service`): `run` registers
    /// and answers calls without activating (no window), and the application
    /// ends `inactivityTimeout` after its last hold is released. Before `run`.
    public func startAsService(inactivityTimeout: Duration) {
        let flags = g_application_get_flags(application).rawValue | G_APPLICATION_IS_SERVICE.rawValue
        g_application_set_flags(application, GApplicationFlags(rawValue: flags))
        let milliseconds = inactivityTimeout.components.seconds * 1000
        g_application_set_inactivity_timeout(application, guint(clamping: milliseconds))
    }

    /// Runs the main loop until the application quits; returns its exit status.
    /// GApplication sees only the program name: our options are parsed beforehand.
    public func run(programName: String) -> Int32 {
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(programName), nil]
        defer { free(arguments[0]) }
        return arguments.withUnsafeMutableBufferPointer { buffer in
            g_application_run(application, 1, buffer.baseAddress)
        }
    }
}
