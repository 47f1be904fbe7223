// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import Foundation
import GtkKit
import XCTest

/// Decoding photos within bounds, and only photos whose header passes
/// `ImageHeader.isDecodable` (gdk-pixbuf decodes a file that merely ends early
/// without an error, and decodes PNG, GIF and WebP at full size whatever size
/// is asked for).
final class TextureTests: XCTestCase {
    /// A GIF whose canvas is 6 400 × 6 400 pixels (41 megapixels, over
    /// `PhotoLimits.maximumPixels`) around a single pixel: 35 bytes that
    /// gdk-pixbuf would decode into a 160 MB canvas. The form's photo preview
    /// decodes through `Texture.decode` like every other photo.
    func testABombHeaderIsNeverDecoded() {
        let bomb: [UInt8] =
            Array("GIF89a".utf8) + [0x00, 0x19, 0x00, 0x19]  // the canvas, little-endian
            + [0x80, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0]  // two colours
            + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B]  // one 1 × 1 frame, the trailer
        XCTAssertNil(Texture.decode(Data(bomb), maxWidth: 1080, maxHeight: 660))
        XCTAssertNil(Texture.decodeSquare(Data(bomb), side: 64))

        var small = bomb
        small.replaceSubrange(6..<10, with: [64, 0, 48, 0])
        XCTAssertNotNil(Texture.decode(Data(small), maxWidth: 1080, maxHeight: 660), "only the size was refused")
    }

    func testAWholeImageDecodesWithinTheBounds() throws {
        for format in ["png", "jpeg"] {
            let bytes = try Self.encodedImage(format: format, width: 64, height: 48)
            let texture = try XCTUnwrap(Texture.decode(bytes, maxWidth: 32, maxHeight: 32), format)
            XCTAssertEqual([texture.width, texture.height], [32, 24], format)
            XCTAssertNotNil(Texture.decodeSquare(bytes, side: 32), format)
        }
    }

    /// A noisy image (noise does not compress, so half the bytes is half the
    /// pixels) encoded by gdk-pixbuf.
    private static func encodedImage(format: String, width: Int32, height: Int32) throws -> Data {
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        let length = Int(gdk_pixbuf_get_rowstride(pixbuf)) * Int(height)
        var generator = SystemRandomNumberGenerator()
        for offset in 0..<length { pixels[offset] = UInt8.random(in: 0...255, using: &generator) }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, format, nil, nil, &error) != 0, let buffer else {
            if let error { g_error_free(error) }
            throw XCTSkip("gdk-pixbuf cannot write \(format) here")
        }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }
}
