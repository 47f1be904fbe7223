// SPDX-License-Identifier: GPL-3.0-or-later

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
