// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// An object this process offers on the session bus (GNOME Shell's search
/// provider): one interface described by its introspection XML, whose method
/// calls reach a Swift handler on the main loop. GDBus checks each call's
/// arguments against the XML before the handler sees it.
///
/// It uses the process's shared session connection, the one GApplication
/// owns its name on; exported before the application registers, the object
/// is there before any call to that name can arrive (a D-Bus-activated start
/// has calls waiting for the name).
@MainActor
public final class DBusExport {
    public typealias Handler = @MainActor (DBusMethodCall) -> Void

    /// Largest arguments a call may bring, serialised. Any process on the bus
    /// may call: larger ones are refused before they are copied into Swift
    /// values on the main loop. GNOME Shell sends a few words.
    public nonisolated static let maximumArgumentBytes = 16 * 1024

    /// The GDBusConnection, with the reference this object owns.
    private let connection: OpaquePointer
    private var registration: guint

    /// Exports the first interface of `interfaceXML` at `path`.
    public init(interfaceXML: String, path: String, handler: @escaping Handler) throws(DBusError) {
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(interfaceXML, &error) else { throw DBusError(taking: error) }
        defer { g_dbus_node_info_unref(node) }
        guard let interface = node.pointee.interfaces?.pointee else {
            throw DBusError(message: "no interface in the introspection XML")
        }
        guard g_variant_is_object_path(path) != 0 else { throw DBusError(message: "invalid object path \(path)") }
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { throw DBusError(taking: error) }
        let box = ClosureBox(handler)
        // GDBus copies the vtable and calls back in this thread's main context.
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = methodCalled
        let id = g_dbus_connection_register_object(
            connection, path, interface, &vtable, box.retainedPointer(), releaseBox, &error)
        guard id != 0 else {
            g_object_unref(gpointer(connection))
            throw DBusError(taking: error)
        }
        self.connection = connection
        registration = id
    }

    isolated deinit {
        unexport()
        g_object_unref(gpointer(connection))
    }

    /// Takes the object off the bus; calls already handed out may still reply.
    public func unexport() {
        guard registration != 0 else { return }
        g_dbus_connection_unregister_object(connection, registration)
        registration = 0
    }
}

/// One method call to an exported object. Reply once, now or later; a call
/// dropped without a reply answers the caller with an error, so it never
/// waits for its timeout.
@MainActor
public final class DBusMethodCall {
    public let method: String
    public let arguments: [DBusValue]
    /// The unique bus name of the caller.
    public let sender: String
    /// A GDBusMethodInvocation: the reference a reply consumes.
    private var invocation: OpaquePointer?

    fileprivate init(method: String, arguments: [DBusValue], sender: String, invocation: OpaquePointer) {
        self.method = method
        self.arguments = arguments
        self.sender = sender
        self.invocation = invocation
    }

    isolated deinit {
        fail(name: "org.freedesktop.DBus.Error.Failed", message: "no answer")
    }

    /// Replies with `values`, which must match the method's out arguments.
    public func reply(_ values: [DBusValue]) {
        guard let invocation = take() else { return }
        g_dbus_method_invocation_return_value(invocation, DBusValue.tuple(values).makeVariant())
    }

    /// Replies with a D-Bus error (`org.freedesktop.DBus.Error.InvalidArgs`…).
    public func fail(name: String, message: String) {
        guard let invocation = take() else { return }
        g_dbus_method_invocation_return_dbus_error(invocation, name, message)
    }

    private func take() -> OpaquePointer? {
        defer { invocation = nil }
        return invocation
    }
}

private let methodCalled: GDBusInterfaceMethodCallFunc = { _, sender, _, _, method, parameters, invocation, userData in
    guard let invocation else { return }
    guard let box = ClosureBox<DBusExport.Handler>.from(userData), let method else {
        g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.Failed", "gone")
        return
    }
    if let parameters, g_variant_get_size(parameters) > DBusExport.maximumArgumentBytes {
        g_dbus_method_invocation_return_dbus_error(
            invocation, "org.freedesktop.DBus.Error.InvalidArgs",
            "arguments over \(DBusExport.maximumArgumentBytes) bytes")
        return
    }
    let name = String(cString: method)
    let arguments = DBusValue.members(of: parameters)
    let caller = sender.map { String(cString: $0) } ?? ""
    // The invocation is used on this thread only, by the call that owns it.
    nonisolated(unsafe) let owned = invocation
    // GDBus calls back in the main context of the thread that registered: the GTK thread.
    MainActor.assumeIsolated {
        box.value(DBusMethodCall(method: name, arguments: arguments, sender: caller, invocation: owned))
    }
}
