// SPDX-License-Identifier: GPL-3.0-or-later

import CSecret
import Foundation
import Testing

@testable import SecretKit

/// The report ids are read while the keyring is locked, without unlocking it:
/// the alerts' checks run every few minutes, often with no window open, and
/// must never prompt for the keyring's password. In the serialized suite, so
/// no other test meets the login collection locked.
extension KeyringReportPasswordsTests {
    static let login = "/org/freedesktop/secrets/collection/login"

    @Test("the ids are listed while the keyring is locked, and it stays locked")
    func idsWhileLocked() async throws {
        let backend = uniqueBackend()
        try await keyring.store(password: "222222", label: "b", backend: backend, reportID: "b-2")
        try await keyring.store(password: "111111", label: "a", backend: backend, reportID: "a-1")
        try await keyring.store(password: "333333", label: "c", backend: uniqueBackend(), reportID: "c-3")
        #expect(try await keyring.storedReportIDs(backend: backend) == ["a-1", "b-2"])

        try GnomeKeyringControl.lock(Self.login)
        defer { GnomeKeyringControl.unlock(Self.login) }
        #expect(try GnomeKeyringControl.isLocked(Self.login))
        #expect(try await keyring.storedReportIDs(backend: backend) == ["a-1", "b-2"])
        #expect(try await keyring.storedReportIDs(backend: uniqueBackend()) == [])
        #expect(try GnomeKeyringControl.isLocked(Self.login))
    }
}

/// The test daemon's collections, locked and unlocked over D-Bus without a
/// prompt: Lock is the Secret Service's own; unlocking uses gnome-keyring's
/// internal interface with the test keyring's master password (one newline),
/// sent in a plain session opened on the same connection.
enum GnomeKeyringControl {
    private static let service = "org.freedesktop.secrets"

    static func lock(_ collection: String) throws {
        try withBus { bus in
            let paths = [g_variant_new_object_path(collection)]
            let array = arrayOf("o", paths)
            try call(
                bus, "/org/freedesktop/secrets", "org.freedesktop.Secret.Service", "Lock", tuple([array]))
        }
    }

    /// Unlocks `collection`; records an issue when it stays locked. The test
    /// keyring's password is the line with-test-keyring.sh gave the daemon.
    static func unlock(_ collection: String) {
        do {
            try unlock(collection, password: [0x0A])
            if try isLocked(collection) { Issue.record("\(collection) stayed locked") }
        } catch {
            Issue.record("could not unlock \(collection): \(error)")
        }
    }

    private static func unlock(_ collection: String, password bytes: [UInt8]) throws {
        try withBus { bus in
            let opened = try call(
                bus, "/org/freedesktop/secrets", "org.freedesktop.Secret.Service", "OpenSession",
                tuple([g_variant_new_string("plain"), g_variant_new_variant(g_variant_new_string(""))]))
            let pathValue = g_variant_get_child_value(opened, 1)
            defer { g_variant_unref(pathValue) }
            let session = String(cString: g_variant_get_string(pathValue, nil))
            let noBytes = arrayOf("y", [])
            let password = arrayOf("y", bytes.map { g_variant_new_byte($0) })
            let secret = tuple([
                g_variant_new_object_path(session), noBytes, password, g_variant_new_string("text/plain"),
            ])
            _ = try call(
                bus, "/org/freedesktop/secrets", "org.gnome.keyring.InternalUnsupportedGuiltRiddenInterface",
                "UnlockWithMasterPassword", tuple([g_variant_new_object_path(collection), secret]))
            g_variant_unref(opened)
        }
    }

    static func isLocked(_ collection: String) throws -> Bool {
        try withBus { bus in
            let reply = try call(
                bus, collection, "org.freedesktop.DBus.Properties", "Get",
                tuple([g_variant_new_string("org.freedesktop.Secret.Collection"), g_variant_new_string("Locked")]))
            defer { g_variant_unref(reply) }
            let boxed = g_variant_get_child_value(reply, 0)
            defer { g_variant_unref(boxed) }
            let value = g_variant_get_variant(boxed)
            defer { g_variant_unref(value) }
            return g_variant_get_boolean(value) != 0
        }
    }

    struct CallFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// An array of `elementType` values. The type is a GVariantType of its
    /// own: a Swift string passed as one would be freed before GLib reads it.
    private static func arrayOf(_ elementType: String, _ children: [OpaquePointer?]) -> OpaquePointer? {
        let type = g_variant_type_new(elementType)
        defer { g_variant_type_free(type) }
        return children.withUnsafeBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) }
    }

    private static func tuple(_ children: [OpaquePointer?]) -> OpaquePointer? {
        children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    private static func withBus<Value>(_ body: (OpaquePointer) throws -> Value) throws -> Value {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            throw CallFailed(description: taken(error))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        return try body(bus)
    }

    /// The reply, which the caller unrefs (or drops: these are tests).
    @discardableResult
    private static func call(
        _ bus: OpaquePointer, _ path: String, _ interface: String, _ method: String,
        _ parameters: OpaquePointer?
    ) throws -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_sync(
                bus, service, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
        else { throw CallFailed(description: "\(method): \(taken(error))") }
        return reply
    }

    private static func taken(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "no error given" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? ""
    }
}
