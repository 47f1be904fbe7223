// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@testable import PixbufKit

/// Small square PNGs of photos, for GNOME Shell's search results.
@Suite struct PhotoThumbnailTests {
    @Test(arguments: [("jpeg", 1_600, 900), ("png", 300, 1_000), ("jpeg", 40, 30)])
    func aPhotoBecomesASquarePNGNoLargerThanTheSide(type: String, width: Int32, height: Int32) throws {
        let photo = Data(try UploadPhotoScalerTests.encoded(type, width: width, height: height))
        let thumbnail = try #require(PhotoThumbnail.png(from: photo, side: 128))
        #expect(PhotoKind(sniffing: thumbnail) == .png)
        let size = try #require(ImageHeader.dimensions(of: thumbnail))
        let expected = min(128, Int(min(width, height)))
        #expect(size == .init(width: expected, height: expected))
    }

    @Test func whatIsNotAWholeImageHasNoThumbnail() throws {
        let photo = try UploadPhotoScalerTests.encoded("jpeg", width: 400, height: 400)
        #expect(PhotoThumbnail.png(from: Data(photo.prefix(photo.count / 2)), side: 128) == nil)
        #expect(PhotoThumbnail.png(from: Data("not a photo".utf8), side: 128) == nil)
        #expect(PhotoThumbnail.png(from: Data(), side: 128) == nil)
    }
}
