// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import Foundation
import GLibKit
import PixbufKit

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

    /// Decodes encoded image bytes (PNG, JPEG, GIF, WebP), scaled while
    /// decoding to fit within `maxWidth` × `maxHeight`, so that a huge image
    /// never costs more memory than the size shown. Nil when the bytes are not
    /// a readable image, or when their header fails `ImageHeader.isDecodable`
    /// (a decompression bomb, an unknown format, a file cut short): those are
    /// never handed to a decoder. Call off the main thread: decoding is slow.
    public static func decode(_ data: Data, maxWidth: Int, maxHeight: Int) -> Texture? {
        Pixbuf.decode(data, maxWidth: maxWidth, maxHeight: maxHeight).flatMap(texture(from:))
    }

    /// Decodes a square thumbnail of `side` pixels: the centre of the image,
    /// scaled to cover the square (as a photo in a card should). The same
    /// checks as `decode`.
    public static func decodeSquare(_ data: Data, side: Int) -> Texture? {
        // Decode at a bounded size first, however large the original is.
        guard side > 0, let pixbuf = Pixbuf.decode(data, maxWidth: side * 4, maxHeight: side * 4),
            let scaled = pixbuf.centreSquare()?.scaled(width: side, height: side)
        else { return nil }
        return texture(from: scaled)
    }

    private static func texture(from pixbuf: Pixbuf) -> Texture? {
        gdk_texture_new_for_pixbuf(pixbuf.pointer).map(Texture.init(owning:))
    }
}
