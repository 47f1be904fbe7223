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

/// Emits a parameterless signal, as GTK would (g_signal_emit_by_name is variadic
/// and does not import into Swift).
@MainActor
func emit(_ signal: String, on instance: UnsafeMutableRawPointer) {
    var target = GValue()
    g_value_init(&target, petspot_type_object())
    g_value_set_object(&target, instance)
    let id = g_signal_lookup(signal, G_TYPE_FROM_INSTANCE(instance))
    g_signal_emitv(&target, id, 0, nil)
    g_value_unset(&target)
}

// G_TYPE_FROM_INSTANCE is a macro; this is its meaning.
private func G_TYPE_FROM_INSTANCE(_ instance: UnsafeMutableRawPointer) -> GType {
    instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
}
