// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk

// GObject's C API uses one object through many struct types (GObject, GtkWidget,
// GtkButton...). These helpers keep those reinterpretations in one place.

@inline(__always)
package func gcast<T>(_ pointer: OpaquePointer) -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer<T>(pointer)
}

@inline(__always)
package func gcast<T>(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
    pointer.assumingMemoryBound(to: T.self)
}

@inline(__always)
package func gobject(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GObject> {
    pointer.assumingMemoryBound(to: GObject.self)
}
