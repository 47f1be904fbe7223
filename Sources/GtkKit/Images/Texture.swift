import CGtk
import Foundation

/// A decoded image ready to draw (GdkTexture). Textures are immutable and their
/// reference count is atomic, so one decoded off the main thread may be handed
/// to it.
public final class Texture: @unchecked Sendable {
    let pointer: OpaquePointer  // GdkTexture *, owned (+1)
    public let width: Int
    public let height: Int

    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
        width = Int(gdk_texture_get_width(pointer))
        height = Int(gdk_texture_get_height(pointer))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Approximate memory held, for caches with a byte budget.
    public var byteCost: Int { width * height * 4 }

    /// Decodes encoded image bytes (PNG, JPEG, WebP with its pixbuf loader…),
    /// scaled while decoding to fit within `maxWidth` × `maxHeight`, so that a
    /// huge image never costs more memory than the size shown. Nil when the bytes
    /// are not a readable image. Call off the main thread: decoding is slow.
    public static func decode(_ data: Data, maxWidth: Int, maxHeight: Int) -> Texture? {
        guard !data.isEmpty else { return nil }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let stream = g_memory_input_stream_new_from_bytes(bytes) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = gdk_pixbuf_new_from_stream_at_scale(
            stream, Int32(clamping: maxWidth), Int32(clamping: maxHeight), 1, nil, &error)
        if let error { g_error_free(error) }
        guard let pixbuf else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard let texture = gdk_texture_new_for_pixbuf(pixbuf) else { return nil }
        return Texture(owning: texture)
    }
}
