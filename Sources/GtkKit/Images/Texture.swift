import CGtk
import GLibKit
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
        guard let pixbuf = decodePixbuf(data, maxWidth: maxWidth, maxHeight: maxHeight) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        return texture(from: pixbuf)
    }

    /// Decodes a square thumbnail of `side` pixels: the centre of the image,
    /// scaled to cover the square (as a photo in a card should).
    public static func decodeSquare(_ data: Data, side: Int) -> Texture? {
        // Decode at a bounded size first, however large the original is.
        guard side > 0, let pixbuf = decodePixbuf(data, maxWidth: side * 4, maxHeight: side * 4) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf)
        let crop = min(width, height)
        guard crop > 0,
              let centre = gdk_pixbuf_new_subpixbuf(pixbuf, (width - crop) / 2, (height - crop) / 2, crop, crop)
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(centre)) }
        guard let scaled = gdk_pixbuf_scale_simple(centre, Int32(side), Int32(side), GDK_INTERP_BILINEAR) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        return texture(from: scaled)
    }

    private static func texture(from pixbuf: OpaquePointer) -> Texture? {
        gdk_texture_new_for_pixbuf(pixbuf).map(Texture.init(owning:))
    }

    /// A pixbuf (+1) scaled while decoding to fit the bounds, or nil.
    private static func decodePixbuf(_ data: Data, maxWidth: Int, maxHeight: Int) -> OpaquePointer? {
        guard !data.isEmpty else { return nil }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let stream = g_memory_input_stream_new_from_bytes(bytes) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = gdk_pixbuf_new_from_stream_at_scale(
            stream, Int32(clamping: maxWidth), Int32(clamping: maxHeight), 1, nil, &error)
        if let error { g_error_free(error) }
        return pixbuf
    }
}
