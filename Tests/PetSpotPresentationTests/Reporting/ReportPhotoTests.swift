// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

/// A photo file as the form and My Reports check it.
@MainActor
@Suite struct ReportPhotoTests {
    let folder = TemporaryFolder()
    let reader = ReportPhotoReader()

    @Test func imagesAreRecognisedByTheirBytesNotTheirNames() async throws {
        let jpeg = try await reader.read(path: folder.jpeg("photo.png")).get()
        #expect(jpeg.mimeType == "image/jpeg")
        #expect(jpeg.fileName == "photo.png")
        #expect(jpeg.data.count == 74)
        let png = try await reader.read(path: folder.png("no-extension")).get()
        #expect(png.mimeType == "image/png")
        let gif = folder.write(Array("GIF89a".utf8) + [1, 2, 3], to: "a.gif")
        #expect(try await reader.read(path: gif).get().mimeType == "image/gif")
        let webp = folder.write(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), to: "a.webp")
        #expect(try await reader.read(path: webp).get().mimeType == "image/webp")
    }

    @Test func whatCannotBeSentSaysWhy() async throws {
        let text = folder.write(Array("hello, not a photo".utf8), to: "notes.jpg")
        #expect(await reader.read(path: text) == .failure(.notAnImage))
        #expect(await reader.read(path: folder.write([], to: "empty.jpg")) == .failure(.notAnImage))
        #expect(await reader.read(path: folder.file("missing.jpg").path) == .failure(.unreadable))
        #expect(await reader.read(path: folder.url.path) == .failure(.unreadable), "a folder")

        #expect(PhotoFileProblem.notAnImage.message == "This file is not a JPEG, PNG, GIF or WebP image")
        #expect(PhotoFileProblem.tooLarge.message == "Choose a photo smaller than 20 MB")
        #expect(PhotoFileProblem.tooManyPixels.message == "Choose a photo of at most 40 megapixels")
        #expect(PhotoFileProblem.unreadable.message == "The file could not be read")
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() async throws {
        let limit = ReportPhoto.maximumBytes
        // Sparse: the size says too large, though no byte was written.
        #expect(await reader.read(path: try folder.sparse("huge.jpg", size: limit + 1)) == .failure(.tooLarge))
        let small = ReportPhotoReader(maximumBytes: 16)
        #expect(await small.read(path: folder.jpeg()) == .failure(.tooLarge))
        #expect(
            try await small.read(
                path: folder.write([0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: 13), to: "16.jpg")
            )
            .get().data.count == 16, "exactly the limit is fine")
    }

    @Test func aLargePhotoIsScaledDownToTheUploadSizeBeforeItIsSent() async throws {
        let wide = try await reader.read(path: folder.write(TestPNG.image(width: 3_000, height: 30), to: "wide.png"))
            .get()
        #expect(wide.mimeType == "image/png")
        #expect(wide.fileName == "wide.png")
        #expect(ImageHeader.dimensions(of: wide.data) == .init(width: PhotoLimits.uploadLongestSide, height: 20))

        let tall = try await reader.read(path: folder.write(TestPNG.image(width: 30, height: 4_096), to: "tall")).get()
        #expect(ImageHeader.dimensions(of: tall.data) == .init(width: 15, height: 2_048))

        // A GIF's 3 000 × 2 canvas around one pixel: scaled, it is a PNG.
        let gif: [UInt8] =
            Array("GIF89a".utf8) + [0xB8, 0x0B, 2, 0, 0x80, 0, 0, 0xFF, 0xFF, 0xFF, 0, 0, 0]
            + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B]
        let scaledGIF = try await reader.read(path: folder.write(gif, to: "canvas.gif")).get()
        #expect(scaledGIF.mimeType == "image/png")
        #expect(scaledGIF.fileName == "canvas.png")
        #expect(ImageHeader.dimensions(of: scaledGIF.data) == .init(width: 2_048, height: 1))

        let atTheLimit = TestPNG.image(width: 2_048, height: 30)
        #expect(
            try await reader.read(path: folder.write(atTheLimit, to: "fits.png")).get().data == Data(atTheLimit),
            "sent as it is")
    }

    @Test func aPhotoTooLargeToDecodeIsRefused() async {
        // 10 000 × 10 000 declared: 100 megapixels a PNG decoder would allocate in full.
        let bomb = folder.write(TestPNG.lyingHeader(width: 10_000, height: 10_000, filler: 16), to: "bomb.png")
        #expect(await reader.read(path: bomb) == .failure(.tooManyPixels), "its pixels, not its bytes, are too many")
    }

    @Test func theFormChecksAPhotoThenHasItReady() async {
        let fixture = ReportFormFixture()
        let form = fixture.filledForm()
        let path = folder.jpeg()

        form.choosePhoto(path: path)
        #expect(form.photo == .checking(path: path))
        #expect(!form.canSubmit, "not while the photo is being checked")
        await form.waitForPhotoCheck()

        guard case .ready(let photo, let shown) = form.photo else {
            Issue.record("not ready: \(form.photo)")
            return
        }
        #expect(shown == path)
        #expect(photo.mimeType == "image/jpeg")
        #expect(form.canSubmit)

        form.removePhoto()
        #expect(form.photo == .none)
        #expect(form.canSubmit)
    }

    @Test func aFileThatIsNoPhotoBlocksSendingUntilRemoved() async {
        let fixture = ReportFormFixture()
        let form = fixture.filledForm()
        let path = folder.write(Array("%PDF-1.7".utf8), to: "scan.pdf")

        form.choosePhoto(path: path)
        await form.waitForPhotoCheck()

        #expect(form.photo == .problem(message: "This file is not a JPEG, PNG, GIF or WebP image", path: path))
        #expect(!form.canSubmit)
        form.removePhoto()
        #expect(form.canSubmit)
    }

    @Test func theLastPhotoChosenWins() async {
        let form = ReportFormFixture().filledForm()
        let first = folder.write(Array("not an image".utf8), to: "first.txt")
        let second = folder.png()

        form.choosePhoto(path: first)
        form.choosePhoto(path: second)
        await form.waitForPhotoCheck()
        // Give the first check every chance to land late.
        _ = await reader.read(path: first)

        guard case .ready(_, let path) = form.photo else {
            Issue.record("not ready: \(form.photo)")
            return
        }
        #expect(path == second)
    }
}
