// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("Image headers: sizes are known before decoding")
struct ImageHeaderTests {
    private static func png(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init)
            + [8, 6, 0, 0, 0]
    }

    private static func jpeg(width: UInt16, height: UInt16) -> [UInt8] {
        // SOI, an APP0 segment to skip, then SOF0 with precision, height, width.
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08]
            + withUnsafeBytes(of: height.bigEndian, Array.init) + withUnsafeBytes(of: width.bigEndian, Array.init)
            + [UInt8](repeating: 0, count: 12)
    }

    @Test func pngDimensions() {
        #expect(ImageHeader.dimensions(of: Self.png(width: 320, height: 240)) == .init(width: 320, height: 240))
    }

    @Test func jpegDimensionsAfterOtherSegments() {
        #expect(ImageHeader.dimensions(of: Self.jpeg(width: 640, height: 480)) == .init(width: 640, height: 480))
    }

    /// A phone's EXIF, extended XMP and ICC segments can fill hundreds of KiB
    /// before the frame header.
    @Test func jpegDimensionsAfterLargeMetadata() {
        let segment: [UInt8] = [0xFF, 0xE1, 0xFF, 0xFF] + [UInt8](repeating: 0x2A, count: 0xFFFF - 2)
        let jpeg = Self.jpeg(width: 8_000, height: 6_000)
        let withMetadata =
            Array(jpeg.prefix(2)) + Array([[UInt8]](repeating: segment, count: 4).joined()) + jpeg.dropFirst(2)
        #expect(ImageHeader.dimensions(of: withMetadata) == .init(width: 8_000, height: 6_000))
    }

    @Test func gifDimensions() {
        let gif = Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00] + [0, 0, 0]
        #expect(ImageHeader.dimensions(of: gif) == .init(width: 320, height: 240))
        let animation = TestGIF.make(width: 320, height: 240, frames: [(0, 0, 320, 240), (10, 20, 100, 100)])
        #expect(ImageHeader.dimensions(of: animation) == .init(width: 320, height: 240))
        #expect(ImageHeader.isDecodable(animation))
    }

    @Test func aGifFrameLargerThanItsCanvasCounts() {
        // A 1×1 canvas declared first, then a frame gdk-pixbuf would allocate 4 GiB for.
        let bomb = TestGIF.make(width: 1, height: 1, frames: [(0, 0, 1, 1), (0, 0, 65_535, 65_535)])
        #expect(ImageHeader.dimensions(of: bomb) == .init(width: 65_535, height: 65_535))
        #expect(!ImageHeader.isDecodable(bomb))
        let offCanvas = TestGIF.make(width: 100, height: 100, frames: [(65_000, 0, 10, 10)])
        #expect(ImageHeader.dimensions(of: offCanvas)?.width == 65_010)
        // Cut short inside the second frame: the frames that came still count.
        #expect(ImageHeader.dimensions(of: bomb.dropLast(6)) == .init(width: 65_535, height: 65_535))
    }

    @Test func webpExtendedAndLossless() {
        var extended = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [UInt8](repeating: 0, count: 8)
        extended += [0x3F, 0x01, 0x00, 0xEF, 0x00, 0x00]  // 319 + 1 by 239 + 1
        #expect(ImageHeader.dimensions(of: extended) == .init(width: 320, height: 240))

        let bits = UInt32(319) | (UInt32(239) << 14)
        let lossless =
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8L".utf8) + [0, 0, 0, 0, 0x2F]
            + withUnsafeBytes(of: bits.littleEndian, Array.init) + [0, 0, 0, 0, 0]
        #expect(ImageHeader.dimensions(of: lossless) == .init(width: 320, height: 240))
    }

    @Test func theDemoPhotosAreReadable() throws {
        let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/PetSpotServer/Demo/images").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: images.path).filter { $0.hasSuffix(".png") }
        #expect(!files.isEmpty)
        for file in files {
            let data = try Data(contentsOf: images.appendingPathComponent(file))
            #expect(ImageHeader.isDecodable(data), "\\(file)")
        }
    }

    @Test func aPhotoCutShortIsRefused() throws {
        let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/PetSpotServer/Demo/images").standardized
        let file = try #require(
            FileManager.default.contentsOfDirectory(atPath: images.path).first { $0.hasSuffix(".png") })
        let data = try Data(contentsOf: images.appendingPathComponent(file))
        #expect(ImageHeader.isDecodable(data))
        #expect(!ImageHeader.isDecodable(data.prefix(data.count / 2)))
        #expect(!ImageHeader.isDecodable(data.dropLast(12)))  // all but the IEND chunk
    }

    @Test func eachFormatEndsWholeWithItsOwnEnd() {
        let jpeg = Self.jpeg(width: 640, height: 480)
        #expect(ImageHeader.endsWhole(jpeg + [0xFF, 0xD9]))
        #expect(ImageHeader.endsWhole(jpeg + [0xFF, 0xD9, 0, 0]))
        #expect(!ImageHeader.endsWhole(jpeg))
        let gif = Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00] + [0, 0, 0]
        #expect(ImageHeader.endsWhole(gif + [0x3B]))
        #expect(!ImageHeader.endsWhole(gif))
        let webp = Array("RIFF".utf8) + [22, 0, 0, 0] + Array("WEBPVP8X".utf8) + [UInt8](repeating: 0, count: 14)
        #expect(ImageHeader.endsWhole(webp))
        #expect(!ImageHeader.endsWhole(webp.dropLast()))
    }

    @Test(
        "huge, empty, truncated and unknown images are refused",
        arguments: [
            png(width: 100_000, height: 100_000), png(width: 0, height: 10),
            png(width: .max, height: .max), png(width: 70_000, height: 1), Array(png(width: 10, height: 10).prefix(20)),
            Array("<html>not an image</html>".utf8), [], [0xFF, 0xD8, 0xFF],
        ])
    func refused(bytes: [UInt8]) {
        #expect(!ImageHeader.isDecodable(bytes))
    }
}
