import CGtk
import XCTest

/// Spins GLib's default main context (as `g_application_run` would) until
/// `condition` holds or `timeout` passes. Returns whether the condition held.
@MainActor
func runMainLoop(until condition: () -> Bool, timeout: Double = 5) -> Bool {
    let deadline = g_get_monotonic_time() + gint64(timeout * 1_000_000)
    // A wake-up so a blocking iteration returns by the deadline even when idle.
    let timer = g_timeout_add(50, { _ in gboolean(1) }, nil)
    defer { g_source_remove(timer) }
    while !condition() {
        if g_get_monotonic_time() > deadline { return false }
        g_main_context_iteration(nil, 1)
    }
    return true
}

/// GTK needs a display: `make test` provides Xvfb. Without one, widget tests skip.
@MainActor
func requireGtk() throws {
    if gtk_init_check() == 0 {
        throw XCTSkip("no display for GTK: run the unit tests through `make test` (Xvfb)")
    }
}

func isMainThread() -> Bool { Thread.isMainThread }
