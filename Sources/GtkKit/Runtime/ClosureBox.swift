import CGtk
import Synchronization

/// Something GLib owns through a C `gpointer`, released by GLib's destroy-notify.
/// The live count lets tests prove that GLib does release every box: no leaked
/// closures, and so no leaked objects captured by them.
class RetainedBox: @unchecked Sendable {
    // @unchecked: boxes cross threads only as opaque pointers inside GLib; their
    // contents are read on the thread the owning API documents (the GTK thread,
    // except for the posted closures of `MainLoop`, which are Sendable).
    init() { liveBoxes.add(1, ordering: .relaxed) }
    deinit { liveBoxes.subtract(1, ordering: .relaxed) }

    /// A +1 reference for GLib, balanced by `releaseBox` as the destroy-notify.
    final func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }
}

final class ClosureBox<Value>: RetainedBox, @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> ClosureBox<Value>? {
        guard let pointer else { return nil }
        let box = Unmanaged<RetainedBox>.fromOpaque(pointer).takeUnretainedValue() as? ClosureBox<Value>
        // A mismatch (a handler type differing even by @Sendable) would
        // silently never run: make it loud in debug builds.
        assert(box != nil, "closure box holds another type than \(Value.self)")
        return box
    }
}

/// The `GDestroyNotify` / `GClosureNotify` for every box handed to GLib.
let releaseBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
    guard let pointer else { return }
    Unmanaged<RetainedBox>.fromOpaque(pointer).release()
}

let releaseBoxClosureNotify: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = { pointer, _ in
    guard let pointer else { return }
    Unmanaged<RetainedBox>.fromOpaque(pointer).release()
}

private let liveBoxes = Atomic<Int>(0)

/// Diagnostics for tests and leak checks.
public enum GtkKitDiagnostics {
    /// Boxes currently owned by GLib: signal handlers, posted closures, retained objects.
    public static var liveBoxCount: Int { liveBoxes.load(ordering: .relaxed) }
}
