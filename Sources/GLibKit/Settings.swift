// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// Where a `Settings` object reads and writes its values.
public enum SettingsBackend: Sendable, Equatable {
    /// GIO's choice: dconf on a GNOME desktop, or what `GSETTINGS_BACKEND` names.
    case standard
    /// Kept in memory only, for tests.
    case memory
    /// A key file at this path, for tests of what survives a restart.
    case keyFile(path: String)
}

/// A GSettings object over one schema, with checked reads and writes: GLib
/// aborts the process for a schema that is not installed, a key the schema
/// lacks or a value of another type, so each of those is a nil or false here.
@MainActor
public final class Settings {
    private let settings: UnsafeMutablePointer<GSettings>
    private let schema: OpaquePointer  // GSettingsSchema *

    /// Nil when the schema cannot be found. `schemaDirectory`: a folder with a
    /// compiled schema to search instead of the installed ones (tests).
    public init?(schemaID: String, schemaDirectory: String? = nil, backend: SettingsBackend = .standard) {
        guard let source = Self.schemaSource(directory: schemaDirectory) else { return nil }
        defer { g_settings_schema_source_unref(source) }
        guard let schema = g_settings_schema_source_lookup(source, schemaID, 1) else { return nil }
        // A relocatable schema (no path) of the same id, say a stray copy earlier
        // in the search path: g_settings_new_full would abort on it.
        guard g_settings_schema_get_path(schema) != nil else {
            g_settings_schema_unref(schema)
            return nil
        }
        self.schema = schema
        let gBackend: UnsafeMutablePointer<GSettingsBackend>? =
            switch backend {
            case .standard: nil
            case .memory: g_memory_settings_backend_new()
            case .keyFile(let path): g_keyfile_settings_backend_new(path, "/", nil)
            }
        settings = g_settings_new_full(schema, gBackend, nil)
        if let gBackend { g_object_unref(UnsafeMutableRawPointer(gBackend)) }  // the settings hold it
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(settings))
        g_settings_schema_unref(schema)
    }

    /// The installed schemas, or only those compiled in `directory`.
    private static func schemaSource(directory: String?) -> OpaquePointer? {
        guard let directory else {
            return g_settings_schema_source_get_default().map { g_settings_schema_source_ref($0) }
        }
        var error: UnsafeMutablePointer<GError>?
        let source = g_settings_schema_source_new_from_directory(directory, nil, 1, &error)
        if let error { g_error_free(error) }
        return source
    }

    /// Whether values outlive the process. GIO falls back to a memory backend,
    /// with only a warning, when no other is installed (dconf missing); that
    /// counts as persistent only when `GSETTINGS_BACKEND=memory` asked for it.
    public var isPersistent: Bool {
        !keepsValuesInMemory || g_getenv("GSETTINGS_BACKEND").map { String(cString: $0) } == "memory"
    }

    /// Whether the backend is GIO's memory one: what GIO falls back to when
    /// no other is installed, and what GSETTINGS_BACKEND=memory asks for.
    public var keepsValuesInMemory: Bool {
        var value = GValue()
        g_object_get_property(gobject(UnsafeMutableRawPointer(settings)), "backend", &value)
        defer { g_value_unset(&value) }
        guard let backend = g_value_get_object(&value) else { return true }
        return String(cString: g_type_name_from_instance(gcast(backend))) == "GMemorySettingsBackend"
    }

    public func integer(_ key: String) -> Int? {
        read(key, type: "i") { Int(g_variant_get_int32($0)) }
    }

    public func boolean(_ key: String) -> Bool? {
        read(key, type: "b") { g_variant_get_boolean($0) != 0 }
    }

    public func string(_ key: String) -> String? {
        read(key, type: "s") { String(cString: g_variant_get_string($0, nil)) }
    }

    public func double(_ key: String) -> Double? {
        read(key, type: "d") { g_variant_get_double($0) }
    }

    /// An `as` value, such as a list of chosen words.
    public func strings(_ key: String) -> [String]? {
        read(key, type: "as") { variant in
            (0..<g_variant_n_children(variant)).map { index in
                let child = g_variant_get_child_value(variant, index)!
                defer { g_variant_unref(child) }
                return String(cString: g_variant_get_string(child, nil))
            }
        }
    }

    /// False when the key is missing, of another type, or the value is outside
    /// the schema's range or choices.
    @discardableResult
    public func setInteger(_ value: Int, for key: String) -> Bool {
        guard let value = Int32(exactly: value) else { return false }
        return write(key, g_variant_new_int32(value))
    }

    @discardableResult
    public func setBoolean(_ value: Bool, for key: String) -> Bool {
        write(key, g_variant_new_boolean(value ? 1 : 0))
    }

    @discardableResult
    public func setString(_ value: String, for key: String) -> Bool {
        write(key, g_variant_new_string(value))
    }

    @discardableResult
    public func setDouble(_ value: Double, for key: String) -> Bool {
        write(key, g_variant_new_double(value))
    }

    @discardableResult
    public func setStrings(_ values: [String], for key: String) -> Bool {
        withCStringArray(values) { write(key, g_variant_new_strv($0, -1)) }
    }

    /// Whether the user (or code) ever set `key`: false means its default.
    public func hasUserValue(_ key: String) -> Bool {
        guard g_settings_schema_has_key(schema, key) != 0, let value = g_settings_get_user_value(settings, key)
        else { return false }
        g_variant_unref(value)
        return true
    }

    /// Waits until every value written has reached its backend (dconf writes
    /// asynchronously): call before the process exits.
    public static func sync() { g_settings_sync() }

    private func read<Value>(_ key: String, type: String, _ convert: (OpaquePointer) -> Value) -> Value? {
        guard g_settings_schema_has_key(schema, key) != 0, let value = g_settings_get_value(settings, key)
        else { return nil }
        defer { g_variant_unref(value) }
        guard String(cString: g_variant_get_type_string(value)) == type else { return nil }
        return convert(value)
    }

    private func write(_ key: String, _ value: OpaquePointer) -> Bool {
        g_variant_ref_sink(value)
        defer { g_variant_unref(value) }
        guard g_settings_schema_has_key(schema, key) != 0 else { return false }
        let schemaKey = g_settings_schema_get_key(schema, key)!
        defer { g_settings_schema_key_unref(schemaKey) }
        guard
            g_variant_type_equal(
                UnsafeRawPointer(g_settings_schema_key_get_value_type(schemaKey)),
                UnsafeRawPointer(g_variant_get_type(value))) != 0,
            g_settings_schema_key_range_check(schemaKey, value) != 0
        else { return false }
        return g_settings_set_value(settings, key, value) != 0
    }
}
