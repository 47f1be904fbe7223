// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// Something GLib owns through a C `gpointer`, released by GLib's destroy-notify.
/// A box made inside `BoxCensus.counting` is counted there, so tests can prove
/// that GLib does release each one: no leaked closures, and so no leaked objects
/// captured by them.
package class RetainedBox: @unchecked Sendable {
    // @unchecked: boxes cross threads only as opaque pointers inside GLib; their
    // contents are read on the thread the owning API documents (the GTK thread,
    // except for the posted closures of `MainLoop`, which are Sendable).
    private let census = BoxCensus.current

    package init() { census?.boxCreated() }
    deinit { census?.boxReleased() }

    /// A +1 reference for GLib, balanced by `releaseBox` as the destroy-notify.
    package final func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }
}

package final class ClosureBox<Value>: RetainedBox, @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }

    package static func from(_ pointer: UnsafeMutableRawPointer?) -> ClosureBox<Value>? {
        guard let pointer else { return nil }
        let box = Unmanaged<RetainedBox>.fromOpaque(pointer).takeUnretainedValue() as? ClosureBox<Value>
        // A mismatch (a handler type differing even by @Sendable) would
        // silently never run: make it loud in debug builds.
        assert(box != nil, "closure box holds another type than \(Value.self)")
        return box
    }
}

/// The `GDestroyNotify` for every box handed to GLib as user data.
package let releaseBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
    guard let pointer else { return }
    Unmanaged<RetainedBox>.fromOpaque(pointer).release()
}

/// The `GClosureNotify` for boxes that a `GClosure` carries.
package let releaseBoxClosureNotify:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = { pointer, _ in
        guard let pointer else { return }
        Unmanaged<RetainedBox>.fromOpaque(pointer).release()
    }
