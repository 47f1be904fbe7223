// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

/// A failed D-Bus call or connection: the remote error's name when the peer
/// sent one (`org.freedesktop.DBus.Error.ServiceUnknown`…), and GLib's message.
public struct DBusError: Error, Sendable, CustomStringConvertible {
    public let name: String?
    public let message: String

    public init(name: String? = nil, message: String) {
        self.name = name
        self.message = message
    }

    /// Takes and frees `error`.
    package init(taking error: UnsafeMutablePointer<GError>?) {
        guard let error else {
            self.init(message: "unknown error")
            return
        }
        defer { g_error_free(error) }
        let remote = g_dbus_error_get_remote_error(error)
        defer { g_free(remote) }
        self.init(name: remote.map { String(cString: $0) }, message: String(cString: error.pointee.message))
    }

    public var description: String { name.map { "\($0): \(message)" } ?? message }
}
