// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

// The widget-typed casts (see GLibKit's PointerCasts for the GObject ones).

@inline(__always)
func gcast<T>(_ pointer: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

@inline(__always)
func opaque(_ pointer: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer {
    OpaquePointer(pointer)
}
