// SPDX-License-Identifier: GPL-3.0-or-later

/// Signal connection from Swift closures. Each handler lives in a box that its
/// `GClosure` owns and releases when finalized: on disconnect or when the object
/// is disposed. Handlers run on the GTK thread, hence `@MainActor`.
///
/// These typed forms cover the signatures we use; all go through the one
/// generic marshaller (`connect(_:_:after:arguments:)`).
@MainActor
package enum Signals {
    /// A signal whose arguments are not needed (`clicked`, `toggled`, `notify::…`, `destroy`).
    @discardableResult
    package static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor () -> Void
    ) -> SignalConnection {
        connect(instance, signal, arguments: { _ in handler() })
    }

    /// A signal whose handler returns a boolean (`close-request`: true stops it).
    @discardableResult
    package static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        returning handler: @escaping @MainActor () -> Bool
    ) -> SignalConnection {
        connect(instance, signal, arguments: { $0.setReturnValue(handler()) })
    }

    /// A signal with one object argument (list item factories' `setup`, `bind`…).
    @discardableResult
    package static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        object handler: @escaping @MainActor (UnsafeMutableRawPointer) -> Void
    ) -> SignalConnection {
        connect(
            instance, signal,
            arguments: { arguments in
                if let object = arguments.object(at: 1) { handler(object) }
            })
    }

    /// A signal with one unsigned argument (`GtkListView::activate`'s position).
    @discardableResult
    package static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        unsigned handler: @escaping @MainActor (UInt32) -> Void
    ) -> SignalConnection {
        connect(instance, signal, arguments: { handler($0.uint(at: 1)) })
    }

    /// `GtkEventControllerKey::key-pressed` (keyval, keycode, state); true = handled.
    @discardableResult
    package static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        key handler: @escaping @MainActor (_ keyval: UInt32, _ modifiers: UInt32) -> Bool
    ) -> SignalConnection {
        connect(instance, signal, arguments: { $0.setReturnValue(handler($0.uint(at: 1), $0.flags(at: 3))) })
    }
}
