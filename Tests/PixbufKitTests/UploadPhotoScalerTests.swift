// SPDX-License-Identifier: GPL-3.0-or-later

import CPixbuf
import Foundation
import PetSpotDomain
import Testing

@testable import PixbufKit

@Suite("Photos scaled for upload")
struct UploadPhotoScalerTests {
    /// An image of one colour encoded by gdk-pixbuf (`jpeg` or `png`).
    static func encoded(_ type: String, width: Int32, height: Int32) throws -> [UInt8] {
        let pixbuf = try #require(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height))
        gdk_pixbuf_fill(pixbuf, 0xC0_80_40_FF)
        return try #require(Pixbuf(owning: pixbuf).encoded(as: type)).map { $0 }
    }

    /// An EXIF segment that says "turn 90° clockwise to show" (orientation 6),
    /// put right after the JPEG's start-of-image marker.
    static func rotatedQuarterTurn(_ jpeg: [UInt8]) -> [UInt8] {
        let exif: [UInt8] =
            Array("Exif".utf8) + [0, 0]
            + [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8]  // big-endian TIFF, first directory at 8
            + [0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0]  // one entry: orientation (SHORT) = 6
            + [0, 0, 0, 0]  // no next directory
        let length = exif.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif + jpeg.dropFirst(2)
    }

    @Test func aLargeJPEGIsTurnedUprightScaledAndStaysAJPEG() throws {
        let photo = Self.rotatedQuarterTurn(try Self.encoded("jpeg", width: 2_400, height: 16))
        guard case .scaled(let data, let kind) = UploadPhotoScaler().prepare(Data(photo)) else {
            Issue.record("not scaled")
            return
        }
        #expect(kind == .jpeg)
        #expect(PhotoKind(sniffing: data) == .jpeg)
        // 2 400 × 16 shown on its side is 16 × 2 400: scaled, 14 × 2 048.
        #expect(ImageHeader.dimensions(of: data) == .init(width: 14, height: PhotoLimits.uploadLongestSide))
    }

    @Test func aSmallPhotoIsSentAsGiven() throws {
        let jpeg = try Self.encoded("jpeg", width: 2_048, height: 16)
        #expect(UploadPhotoScaler().prepare(Data(jpeg)) == .asGiven)
        #expect(UploadPhotoScaler().prepare(Data("not an image".utf8)) == .asGiven, "the reader and server judge it")
    }

    /// A 48-megapixel phone photo is decoded at half its size by the JPEG
    /// loader, well within the limit; a PNG of that size is decoded whole.
    @Test func theDecodedSizeFollowsTheLoader() {
        let phone = ImageHeader.Dimensions(width: 8_000, height: 6_000)
        #expect(UploadPhotoScaler.decodedSize(of: phone, kind: .jpeg) == .init(width: 4_000, height: 3_000))
        #expect(UploadPhotoScaler.decodedSize(of: phone, kind: .png) == phone)
        let huge = ImageHeader.Dimensions(width: 60_000, height: 40_000)
        #expect(UploadPhotoScaler.decodedSize(of: huge, kind: .jpeg) == .init(width: 7_500, height: 5_000))
    }
}
