import CGtk

// GObject's C API uses one object through many struct types (GObject, GtkWidget,
// GtkButton...). These helpers keep those reinterpretations in one place.

@inline(__always)
func gcast<T>(_ pointer: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

@inline(__always)
func gcast<T>(_ pointer: OpaquePointer) -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer<T>(pointer)
}

@inline(__always)
func gcast<T>(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
    pointer.assumingMemoryBound(to: T.self)
}

@inline(__always)
func opaque(_ pointer: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer {
    OpaquePointer(pointer)
}

@inline(__always)
func gobject(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GObject> {
    pointer.assumingMemoryBound(to: GObject.self)
}
