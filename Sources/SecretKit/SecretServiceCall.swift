// SPDX-License-Identifier: GPL-3.0-or-later

import CSecret
import Dispatch

// The bridge to libsecret: the only code that holds its pointers. Each call
// runs libsecret's synchronous API on one serial background queue, so the GTK
// main loop never waits for the keyring (a D-Bus round trip, or a user typing
// an unlock password), and answers the awaiting task from there.

/// One call to the Secret Service, made on the keyring queue.
enum SecretServiceCall {
    /// One queue for the whole process: calls run one at a time, in order.
    private static let queue = DispatchQueue(label: "io.github.petspot.SecretKit", qos: .userInitiated)

    /// Runs `body` with a freshly opened Secret Service on the keyring queue.
    /// Cancelling the task cancels libsecret's call (an unlock prompt left
    /// open, say) and throws `CancellationError`.
    static func run<Value: Sendable>(
        _ body: @escaping @Sendable (SecretServiceConnection) throws -> Value
    ) async throws -> Value {
        try Task.checkCancellation()
        let cancellable = Cancellable()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                queue.async {
                    continuation.resume(with: Result { try perform(cancellable: cancellable, body) })
                }
            }
        } onCancel: {
            cancellable.cancel()
        }
    }

    /// On the keyring queue. libsecret's synchronous calls run a private main
    /// context while they wait; the service object's own D-Bus signals are
    /// delivered to the context that was the thread's default when it was
    /// made. That is a context of this call's own, emptied and dropped at the
    /// end, so nothing of the keyring ever reaches the GTK main context.
    ///
    /// A service of its own per call, rather than libsecret's shared one, which
    /// would keep the context of the thread that happened to make it. The
    /// service's bus name is libsecret's default, org.freedesktop.secrets
    /// unless SECRET_SERVICE_BUS_NAME says otherwise (tests name one nobody owns).
    private static func perform<Value>(
        cancellable: Cancellable, _ body: (SecretServiceConnection) throws -> Value
    ) throws -> Value {
        dispatchPrecondition(condition: .onQueue(queue))
        if cancellable.isCancelled { throw CancellationError() }
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        defer {
            dispatchPending(context)
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        var error: UnsafeMutablePointer<GError>?
        // The session bus first, so "no bus at all" is told apart from other failures.
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, cancellable.pointer, &error) else {
            throw GErrorConversion.take(error, cancellable: cancellable, noBus: true)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        guard
            let service = secret_service_open_sync(
                petspot_secret_service_type(), nil, SECRET_SERVICE_NONE, cancellable.pointer, &error
            )
        else {
            throw GErrorConversion.take(error, cancellable: cancellable)
        }
        defer {
            g_object_unref(service)
            dispatchPending(context)
        }
        return try body(SecretServiceConnection(service: service, cancellable: cancellable))
    }

    /// Runs what is already due in `context` (signals that arrived meanwhile), without waiting.
    private static func dispatchPending(_ context: OpaquePointer?) {
        while g_main_context_iteration(context, 0) != 0 {}
    }
}

/// A GCancellable: cancelled from any thread when the awaiting task is.
final class Cancellable: @unchecked Sendable {
    // GCancellable is thread-safe; the pointer never changes.
    let pointer: UnsafeMutablePointer<GCancellable>

    init() {
        pointer = g_cancellable_new()
    }

    deinit {
        g_object_unref(pointer)
    }

    func cancel() {
        g_cancellable_cancel(pointer)
    }

    var isCancelled: Bool {
        g_cancellable_is_cancelled(pointer) != 0
    }
}

/// An open Secret Service, valid inside one `SecretServiceCall.run` body:
/// the operations on report passwords, in the report schema.
struct SecretServiceConnection {
    fileprivate let service: UnsafeMutablePointer<SecretService>
    fileprivate let cancellable: Cancellable

    private var schema: UnsafePointer<SecretSchema> { petspot_report_password_schema() }

    /// Stores `password` in the default collection (the login keyring),
    /// replacing the item with the same attributes.
    func store(password: String, label: String, key: ReportPasswordKey) throws {
        let value = secret_value_new(password, -1, "text/plain")
        defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
        try withAttributes(key) { attributes in
            var error: UnsafeMutablePointer<GError>?
            let stored = secret_service_store_sync(
                service, schema, attributes, SECRET_COLLECTION_DEFAULT, label, value, cancellable.pointer, &error)
            if stored == 0 { throw GErrorConversion.take(error, cancellable: cancellable) }
        }
    }

    /// The stored password, or nil. An item whose secret is not text is taken as none.
    func password(key: ReportPasswordKey) throws -> String? {
        try withAttributes(key) { attributes in
            var error: UnsafeMutablePointer<GError>?
            guard let value = secret_service_lookup_sync(service, schema, attributes, cancellable.pointer, &error)
            else {
                if error != nil { throw GErrorConversion.take(error, cancellable: cancellable) }
                return nil
            }
            defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
            return secret_value_get_text(value).map { String(cString: $0) }
        }
    }

    /// Every item of the schema for `backend`, with its secret; locked items
    /// are unlocked (the keyring may prompt). One left locked fails the call,
    /// rather than answering with a list that silently lacks it.
    func storedReports(backend: String) throws -> [KeyringReportPassword] {
        try withAttributes([(ReportPasswordSchema.backend, backend)]) { attributes in
            var error: UnsafeMutablePointer<GError>?
            let flags = SecretSearchFlags(
                SECRET_SEARCH_ALL.rawValue | SECRET_SEARCH_UNLOCK.rawValue | SECRET_SEARCH_LOAD_SECRETS.rawValue)
            let items = secret_service_search_sync(service, schema, attributes, flags, cancellable.pointer, &error)
            if let error {
                if items != nil { g_list_free_full(items, g_object_unref) }
                throw GErrorConversion.take(error, cancellable: cancellable)
            }
            defer { g_list_free_full(items, g_object_unref) }
            var found: [KeyringReportPassword] = []
            var node = items
            while let current = node {
                node = current.pointee.next
                guard let item = current.pointee.data?.assumingMemoryBound(to: SecretItem.self) else { continue }
                if secret_item_get_locked(item) != 0 {
                    throw KeyringError.locked(detail: "a stored report password stayed locked")
                }
                guard let reportID = Self.attribute(ReportPasswordSchema.reportID, of: item),
                    let value = secret_item_get_secret(item)
                else { continue }
                defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
                guard let text = secret_value_get_text(value) else { continue }
                found.append(KeyringReportPassword(reportID: reportID, password: String(cString: text)))
            }
            return found.sorted { $0.reportID < $1.reportID }
        }
    }

    /// The report ids of every item of the schema for `backend`, locked or
    /// not: attributes are readable while the keyring is locked, so this never
    /// prompts to unlock it and loads no secret.
    func storedReportIDs(backend: String) throws -> [String] {
        try withAttributes([(ReportPasswordSchema.backend, backend)]) { attributes in
            var error: UnsafeMutablePointer<GError>?
            let items = secret_service_search_sync(
                service, schema, attributes, SECRET_SEARCH_ALL, cancellable.pointer, &error)
            if let error {
                if items != nil { g_list_free_full(items, g_object_unref) }
                throw GErrorConversion.take(error, cancellable: cancellable)
            }
            defer { g_list_free_full(items, g_object_unref) }
            var found: [String] = []
            var node = items
            while let current = node {
                node = current.pointee.next
                guard let item = current.pointee.data?.assumingMemoryBound(to: SecretItem.self),
                    let reportID = Self.attribute(ReportPasswordSchema.reportID, of: item)
                else { continue }
                found.append(reportID)
            }
            return found.sorted()
        }
    }

    /// Removes the report's item; true when there was one.
    func remove(key: ReportPasswordKey) throws -> Bool {
        try withAttributes(key) { attributes in
            var error: UnsafeMutablePointer<GError>?
            let removed = secret_service_clear_sync(service, schema, attributes, cancellable.pointer, &error)
            if let error { throw GErrorConversion.take(error, cancellable: cancellable) }
            return removed != 0
        }
    }

    private static func attribute(_ name: String, of item: UnsafeMutablePointer<SecretItem>) -> String? {
        guard let attributes = secret_item_get_attributes(item) else { return nil }
        defer { g_hash_table_unref(attributes) }
        return g_hash_table_lookup(attributes, name).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }

    private func withAttributes<Result>(
        _ key: ReportPasswordKey, _ body: (OpaquePointer) throws -> Result
    ) throws -> Result {
        try withAttributes(
            [(ReportPasswordSchema.backend, key.backend), (ReportPasswordSchema.reportID, key.reportID)], body)
    }

    /// The attributes as libsecret takes them: a GHashTable of strings it owns.
    private func withAttributes<Result>(
        _ pairs: [(String, String)], _ body: (OpaquePointer) throws -> Result
    ) throws -> Result {
        let table: OpaquePointer = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)
        defer { g_hash_table_unref(table) }
        for (name, value) in pairs {
            g_hash_table_insert(table, g_strdup(name), g_strdup(value))
        }
        return try body(table)
    }
}

/// The report schema's names, as petspot_report_password_schema() declares them (CSecret/shim.h).
enum ReportPasswordSchema {
    static let name = "io.github.petspot.PetSpot.Report"
    static let backend = "backend"
    static let reportID = "report-id"

    /// The schema C declares, read back: the name and its attributes in order.
    static var declared: (name: String, attributes: [String]) {
        let schema = petspot_report_password_schema()!.pointee
        let attributes = withUnsafeBytes(of: schema.attributes) { bytes in
            bytes.bindMemory(to: SecretSchemaAttribute.self).prefix { $0.name != nil }.map { String(cString: $0.name) }
        }
        return (String(cString: schema.name), attributes)
    }
}

/// GError to Swift: the error is freed, its message kept as the detail.
enum GErrorConversion {
    static func take(
        _ error: UnsafeMutablePointer<GError>?, cancellable: Cancellable, noBus: Bool = false
    ) -> any Error {
        guard let error else { return KeyringError.failed(detail: "libsecret failed without saying why") }
        defer { g_error_free(error) }
        let domain = error.pointee.domain
        let code = error.pointee.code
        if domain == petspot_io_error_quark(), code == Int32(G_IO_ERROR_CANCELLED.rawValue), cancellable.isCancelled {
            return CancellationError()
        }
        let message = error.pointee.message.map { String(cString: $0) } ?? ""
        if noBus { return KeyringError.noSecretService(detail: "no session bus: \(message)") }
        return keyringError(domain: domain, code: code, message: message)
    }

    /// The case for an error of `domain` with `code`.
    static func keyringError(domain: GQuark, code: Int32, message: String) -> KeyringError {
        if domain == petspot_dbus_error_quark(), noServiceErrors.contains(code) {
            return .noSecretService(detail: message)
        }
        if domain == petspot_secret_error_quark(), code == Int32(SECRET_ERROR_IS_LOCKED.rawValue) {
            return .locked(detail: message)
        }
        // Cancelled, though not by us: the user dismissed the unlock prompt.
        if domain == petspot_io_error_quark(), code == Int32(G_IO_ERROR_CANCELLED.rawValue) {
            return .locked(detail: message.isEmpty ? "the unlock prompt was dismissed" : message)
        }
        return .failed(detail: message)
    }

    /// D-Bus errors that mean nobody answers for the service: not running and
    /// not activatable, its activation failed, or the bus went away.
    private static let noServiceErrors: Set<Int32> = Set(
        [
            G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER, G_DBUS_ERROR_NO_SERVER,
            G_DBUS_ERROR_DISCONNECTED, G_DBUS_ERROR_SPAWN_EXEC_FAILED, G_DBUS_ERROR_SPAWN_FORK_FAILED,
            G_DBUS_ERROR_SPAWN_CHILD_EXITED, G_DBUS_ERROR_SPAWN_CHILD_SIGNALED, G_DBUS_ERROR_SPAWN_FAILED,
            G_DBUS_ERROR_SPAWN_SETUP_FAILED, G_DBUS_ERROR_SPAWN_CONFIG_INVALID,
            G_DBUS_ERROR_SPAWN_SERVICE_INVALID, G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND,
            G_DBUS_ERROR_SPAWN_PERMISSIONS_INVALID, G_DBUS_ERROR_SPAWN_FILE_INVALID,
            G_DBUS_ERROR_SPAWN_NO_MEMORY,
        ].map { Int32($0.rawValue) })
}
