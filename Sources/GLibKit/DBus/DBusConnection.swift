// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// A connection to the session or system bus through GIO's GDBus: method
/// calls that always end (a timeout, and never starting a service unless
/// asked), and signal subscriptions delivered on the main loop.
@MainActor
public final class DBusConnection {
    public enum Bus: Sendable {
        case session, system
    }

    /// A GDBusConnection, with the reference this object owns.
    private let connection: OpaquePointer

    private init(taking connection: OpaquePointer) {
        self.connection = connection
    }

    isolated deinit {
        g_object_unref(gpointer(connection))
    }

    /// The shared connection to `bus`; fails at once when there is none.
    public static func connect(to bus: Bus) async throws(DBusError) -> DBusConnection {
        let result = await withCheckedContinuation { continuation in
            let box = AsyncReplyBox(continuation)
            g_bus_get(bus == .session ? G_BUS_TYPE_SESSION : G_BUS_TYPE_SYSTEM, nil, busReady, box.retainedPointer())
        }
        return try DBusConnection(taking: result.get().pointer)
    }

    /// Our name on the bus (":1.42").
    public var uniqueName: String {
        g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
    }

    /// Calls `method` and returns the reply's members.
    /// - Parameter startsService: whether the bus may start `destination` if
    ///   it is not running (D-Bus activation); off, an absent service fails at once.
    public func call(
        _ destination: String, path: String, interface: String, method: String,
        arguments: [DBusValue] = [], timeout: Duration, startsService: Bool = false
    ) async throws(DBusError) -> [DBusValue] {
        let parameters = DBusValue.tuple(arguments).makeVariant()
        let flags = startsService ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START
        let milliseconds = Int32(
            clamping: timeout.components.seconds * 1000
                + timeout.components.attoseconds / 1_000_000_000_000_000)
        let result = await withCheckedContinuation { continuation in
            let box = AsyncReplyBox(continuation)
            g_dbus_connection_call(
                connection, destination, path, interface, method, parameters, nil, flags, milliseconds, nil,
                callReady, box.retainedPointer())
        }
        let reply = try result.get().pointer
        defer { g_variant_unref(reply) }
        return DBusValue.members(of: reply)
    }

    /// Calls `method` without waiting for (or wanting) a reply: for goodbyes
    /// (closing a session as the window closes), which must leave even when the
    /// main loop ends right after. Never starts a service.
    public func send(
        _ destination: String, path: String, interface: String, method: String, arguments: [DBusValue] = []
    ) {
        let parameters = DBusValue.tuple(arguments).makeVariant()
        g_dbus_connection_call(
            connection, destination, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1,
            nil, nil, nil)
        // Queued for GDBus's worker thread: hand it over before the process may exit.
        g_dbus_connection_flush(connection, nil, nil, nil)
    }

    /// Delivers every signal `interface.member` emitted on `path` (any path
    /// when nil), with its arguments, until the subscription is cancelled.
    public func subscribe(
        interface: String, member: String, path: String?,
        _ handler: @escaping @MainActor (_ path: String, _ arguments: [DBusValue]) -> Void
    ) -> DBusSignalSubscription {
        let box = ClosureBox(handler)
        let id = g_dbus_connection_signal_subscribe(
            connection, nil, interface, member, path, nil, G_DBUS_SIGNAL_FLAGS_NONE, signalArrived,
            box.retainedPointer(), releaseBox)
        return DBusSignalSubscription(connection: self, id: id)
    }

    fileprivate func unsubscribe(_ id: guint) {
        g_dbus_connection_signal_unsubscribe(connection, id)
    }
}

/// One signal subscription; `cancel()` ends it (the window closed, the lookup ended).
@MainActor
public final class DBusSignalSubscription {
    private var connection: DBusConnection?
    private let id: guint

    fileprivate init(connection: DBusConnection, id: guint) {
        self.connection = connection
        self.id = id
    }

    public func cancel() {
        connection?.unsubscribe(id)
        connection = nil
    }
}

/// A reference (a GDBusConnection, a reply GVariant) that the async callback
/// hands to the awaiting caller, who then owns it.
private struct OwnedReference: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// Carries an async call's continuation through GIO's `user_data`; the ready
/// callback runs exactly once and takes the box back.
private final class AsyncReplyBox: RetainedBox, @unchecked Sendable {
    let continuation: CheckedContinuation<Result<OwnedReference, DBusError>, Never>

    init(_ continuation: CheckedContinuation<Result<OwnedReference, DBusError>, Never>) {
        self.continuation = continuation
    }

    static func take(_ pointer: UnsafeMutableRawPointer?) -> AsyncReplyBox? {
        guard let pointer else { return nil }
        return Unmanaged<RetainedBox>.fromOpaque(pointer).takeRetainedValue() as? AsyncReplyBox
    }

    func finish(_ value: OpaquePointer?, error: UnsafeMutablePointer<GError>?) {
        if let value {
            continuation.resume(returning: .success(OwnedReference(pointer: value)))
        } else {
            continuation.resume(returning: .failure(DBusError(taking: error)))
        }
    }
}

private let busReady: GAsyncReadyCallback = { _, result, userData in
    guard let box = AsyncReplyBox.take(userData) else { return }
    var error: UnsafeMutablePointer<GError>?
    let connection = g_bus_get_finish(result, &error)
    box.finish(connection, error: error)
}

private let callReady: GAsyncReadyCallback = { source, result, userData in
    guard let box = AsyncReplyBox.take(userData) else { return }
    var error: UnsafeMutablePointer<GError>?
    let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
    box.finish(reply, error: error)
}

private let signalArrived: GDBusSignalCallback = { _, _, path, _, _, parameters, userData in
    typealias Handler = @MainActor (String, [DBusValue]) -> Void
    guard let box = ClosureBox<Handler>.from(userData) else { return }
    let path = path.map { String(cString: $0) } ?? ""
    let arguments = DBusValue.members(of: parameters)
    // GDBus calls back in the main context of the thread that subscribed: the GTK thread.
    MainActor.assumeIsolated { box.value(path, arguments) }
}
