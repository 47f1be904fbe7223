import Synchronization

/// Boxes GLib currently owns; `RetainedBox` counts itself in and out.
let liveBoxes = Atomic<Int>(0)

/// Diagnostics for tests and leak checks.
public enum GLibKitDiagnostics {
    /// Boxes currently owned by GLib: signal handlers, posted closures, retained objects.
    public static var liveBoxCount: Int { liveBoxes.load(ordering: .relaxed) }
}

/// The name tests and leak checks used before the runtime moved out of GtkKit.
public typealias GtkKitDiagnostics = GLibKitDiagnostics
