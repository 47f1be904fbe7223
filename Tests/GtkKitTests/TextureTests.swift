import CGtk
import Foundation
import GtkKit
import XCTest

/// Decoding photos within bounds. (gdk-pixbuf decodes a file that merely ends
/// early without an error, showing half a photo: callers check that it
/// arrived whole first, see `ImageHeader.isDecodable`.)
final class TextureTests: XCTestCase {
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
