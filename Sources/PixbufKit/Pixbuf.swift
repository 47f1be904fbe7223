// SPDX-License-Identifier: GPL-3.0-or-later

import CPixbuf
import Foundation

/// A decoded image (GdkPixbuf), owned. Pixbufs are immutable once decoded and
/// their reference count is atomic, so one decoded off the main thread may be
/// handed on. GtkKit makes textures out of them (`pointer`, package API).
package final class Pixbuf: @unchecked Sendable {
    package let pointer: OpaquePointer  // GdkPixbuf *, owned (+1)
    package var width: Int { Int(gdk_pixbuf_get_width(pointer)) }
    package var height: Int { Int(gdk_pixbuf_get_height(pointer)) }

    package init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Decodes `bytes` scaled while decoding to fit within `maxWidth` ×
    /// `maxHeight` (keeping the aspect ratio; gdk-pixbuf scales up as well as
    /// down). The JPEG loader decodes at a fraction of the size when it can;
    /// the others decode at full size first, so callers check the header
    /// (`ImageHeader`) before. Nil when the bytes are not a readable image.
    /// Blocks: call off the main thread.
    package static func decodeUnchecked(
        _ bytes: some Collection<UInt8>, maxWidth: Int, maxHeight: Int
    ) -> Pixbuf? {
        guard !bytes.isEmpty, maxWidth > 0, maxHeight > 0 else { return nil }
        let decode = { (buffer: UnsafeBufferPointer<UInt8>) -> Pixbuf? in
            // Borrowed, not copied: the stream is read to the end before this returns.
            let gbytes = g_bytes_new_static(buffer.baseAddress, gsize(buffer.count))
            defer { g_bytes_unref(gbytes) }
            guard let stream = g_memory_input_stream_new_from_bytes(gbytes) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
            var error: UnsafeMutablePointer<GError>?
            let pixbuf = gdk_pixbuf_new_from_stream_at_scale(
                stream, Int32(clamping: maxWidth), Int32(clamping: maxHeight), 1, nil, &error)
            if let error { g_error_free(error) }
            return pixbuf.map(Pixbuf.init(owning:))
        }
        if let decoded = bytes.withContiguousStorageIfAvailable(decode) { return decoded }
        return Array(bytes).withUnsafeBufferPointer(decode)
    }

    /// The image turned upright as its EXIF orientation says (a new pixbuf,
    /// or this one when it has none).
    package func uprighted() -> Pixbuf? {
        gdk_pixbuf_apply_embedded_orientation(pointer).map(Pixbuf.init(owning:))
    }

    /// Scaled to exactly `width` × `height`.
    package func scaled(width: Int, height: Int) -> Pixbuf? {
        guard width > 0, height > 0 else { return nil }
        return gdk_pixbuf_scale_simple(pointer, Int32(clamping: width), Int32(clamping: height), GDK_INTERP_BILINEAR)
            .map(Pixbuf.init(owning:))
    }

    /// The centred square of the shorter side.
    package func centreSquare() -> Pixbuf? {
        let side = min(width, height)
        guard side > 0 else { return nil }
        return gdk_pixbuf_new_subpixbuf(
            pointer, Int32((width - side) / 2), Int32((height - side) / 2), Int32(side), Int32(side)
        )
        .map(Pixbuf.init(owning:))
    }

    /// Encoded as `type` ("jpeg", "png") with gdk-pixbuf's writer options; nil on failure.
    package func encoded(as type: String, options: [(key: String, value: String)] = []) -> Data? {
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let keys = options.map { strdup($0.key) } + [nil]
        let values = options.map { strdup($0.value) } + [nil]
        defer { for copy in keys + values { free(copy) } }
        var keyPointers = keys
        var valuePointers = values
        let saved = gdk_pixbuf_save_to_bufferv(pointer, &buffer, &size, type, &keyPointers, &valuePointers, &error)
        if let error { g_error_free(error) }
        guard saved != 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }
}
