import CGtk

/// A connected signal handler; `disconnect()` releases its closure at once
/// (otherwise GLib releases it when the object is disposed).
public struct SignalConnection {
    let instance: UnsafeMutableRawPointer
    let handlerID: gulong

    @MainActor
    public func disconnect() {
        if g_signal_handler_is_connected(instance, handlerID) != 0 {
            g_signal_handler_disconnect(instance, handlerID)
        }
    }
}

/// Signal connection from Swift closures. Each handler lives in a box that GLib
/// owns and releases through its destroy-notify, on disconnect or when the object
/// is disposed. Handlers run on the GTK thread, hence `@MainActor`.
///
/// Handlers are connected "swapped" where they ignore the signal's arguments:
/// the box then arrives first, so one trampoline serves signals of any arity.
@MainActor
public enum Signals {
    /// A signal whose arguments are not needed (`clicked`, `toggled`, `notify::…`, `destroy`).
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        _ handler: @escaping @MainActor () -> Void
    ) -> SignalConnection {
        connect(instance, signal, swapped: true, ClosureBox(handler),
                unsafeBitCast(voidTrampoline, to: GCallback.self))
    }

    /// A signal whose handler returns a boolean (`close-request`: true stops it).
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        returning handler: @escaping @MainActor () -> Bool
    ) -> SignalConnection {
        connect(instance, signal, swapped: true, ClosureBox(handler),
                unsafeBitCast(boolTrampoline, to: GCallback.self))
    }

    /// A signal with one object argument (list item factories' `setup`, `bind`…).
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        object handler: @escaping @MainActor (UnsafeMutableRawPointer) -> Void
    ) -> SignalConnection {
        connect(instance, signal, swapped: false, ClosureBox(handler),
                unsafeBitCast(objectTrampoline, to: GCallback.self))
    }

    /// A signal with one unsigned argument (`GtkListView::activate`'s position).
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        unsigned handler: @escaping @MainActor (UInt32) -> Void
    ) -> SignalConnection {
        connect(instance, signal, swapped: false, ClosureBox(handler),
                unsafeBitCast(unsignedTrampoline, to: GCallback.self))
    }

    /// `GtkEventControllerKey::key-pressed`: keyval, modifier state; true = handled.
    @discardableResult
    public static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        key handler: @escaping @MainActor (_ keyval: UInt32, _ modifiers: UInt32) -> Bool
    ) -> SignalConnection {
        connect(instance, signal, swapped: false, ClosureBox(handler),
                unsafeBitCast(keyTrampoline, to: GCallback.self))
    }

    private static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String, swapped: Bool,
        _ box: RetainedBox, _ callback: GCallback
    ) -> SignalConnection {
        let flags = swapped ? G_CONNECT_SWAPPED : GConnectFlags(0)
        let id = g_signal_connect_data(
            instance, signal, callback, box.retainedPointer(), releaseBoxClosureNotify, flags)
        return SignalConnection(instance: instance, handlerID: id)
    }
}

private typealias VoidHandler = @MainActor () -> Void
private typealias BoolHandler = @MainActor () -> Bool
private typealias ObjectHandler = @MainActor (UnsafeMutableRawPointer) -> Void
private typealias UnsignedHandler = @MainActor (UInt32) -> Void
private typealias KeyHandler = @MainActor (UInt32, UInt32) -> Bool

private let voidTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    guard let box = ClosureBox<VoidHandler>.from(data) else { return }
    MainActor.assumeIsolated { box.value() }
}

private let boolTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { data in
    guard let box = ClosureBox<BoolHandler>.from(data) else { return 0 }
    return MainActor.assumeIsolated { box.value() } ? 1 : 0
}

private let objectTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
) -> Void = { _, object, data in
    guard let object, let box = ClosureBox<ObjectHandler>.from(data) else { return }
    // Raw pointers are not Sendable; the object is only touched on this thread.
    let address = UInt(bitPattern: object)
    MainActor.assumeIsolated {
        if let object = UnsafeMutableRawPointer(bitPattern: address) { box.value(object) }
    }
}

private let unsignedTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, guint, UnsafeMutableRawPointer?
) -> Void = { _, value, data in
    guard let box = ClosureBox<UnsignedHandler>.from(data) else { return }
    MainActor.assumeIsolated { box.value(value) }
}

private let keyTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?
) -> gboolean = { _, keyval, _, state, data in
    guard let box = ClosureBox<KeyHandler>.from(data) else { return 0 }
    return MainActor.assumeIsolated { box.value(keyval, state.rawValue) } ? 1 : 0
}
