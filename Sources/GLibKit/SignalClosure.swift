// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// A handler for any signal signature: it reads its parameters from the
/// emission and may set the return value.
package typealias SignalHandler = @MainActor (SignalArguments) -> Void

extension Signals {
    /// Connects `handler` through a `GClosure` with our one marshaller, so a new
    /// signal signature needs no new C callback. The closure carries its own
    /// marshaller, so GLib never uses the signal's class marshaller (which some
    /// libraries get wrong: `ShumateMap::animation-completed`).
    @discardableResult
    package static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
        arguments handler: @escaping SignalHandler
    ) -> SignalConnection {
        let box = ClosureBox(handler).retainedPointer()
        let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), box)!
        g_closure_set_marshal(closure, marshalToSwiftHandler)
        // Runs when the last reference goes: on disconnect or when the instance is disposed.
        g_closure_add_finalize_notifier(closure, box, releaseBoxClosureNotify)
        let id = g_signal_connect_closure(instance, signal, closure, after ? 1 : 0)
        // An unknown signal leaves the closure floating: sinking it frees it and its box.
        if id == 0 { g_closure_sink(closure) }
        return SignalConnection(instance: instance, handlerID: id)
    }
}

private let marshalToSwiftHandler: GClosureMarshal = { closure, returnValue, count, values, _, _ in
    guard let closure, let values, let box = ClosureBox<SignalHandler>.from(closure.pointee.data) else { return }
    // The view holds raw pointers (not Sendable); it is used on this thread only,
    // during this emission.
    nonisolated(unsafe) let arguments = SignalArguments(values: values, count: Int(count), returnValue: returnValue)
    MainActor.assumeIsolated { box.value(arguments) }
}
