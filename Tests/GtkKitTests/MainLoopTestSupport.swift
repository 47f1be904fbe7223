import CGtk
import GtkKit
import XCTest

/// Spins GLib's main loop until `condition` holds (or fails after `timeout`).
@MainActor
func runMainLoop(until condition: () -> Bool, timeout: Double = 5) -> Bool {
    MainLoop.iterate(until: condition, timeout: timeout)
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
