import Hummingbird
import NIOCore
import NIOPosix
import PetSpotDomain
import PixbufKit

/// An uploaded photo is stored only when every client can show it: its header
/// within `PhotoLimits` (checked before anything is decoded), and its bytes a
/// whole image that decodes.
enum PhotoCheck {
    /// Decoding is slow (up to a second for a PNG at the limit) and takes up to
    /// `PhotoLimits.maximumPixels` × 4 bytes: photos are decoded one at a time,
    /// never on the event loop, and on a thread of their own, so uploads never
    /// hold up the shared pool that reads the photos being served.
    private static let decodingThread: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return pool
    }()

    static func verify(_ photo: ByteBuffer) async throws {
        let verdict = try await decodingThread.runIfActive {
            PhotoVerifier.verdict(on: photo.readableBytesView)
        }
        switch verdict {
        case .image:
            return
        case .tooLarge(let size):
            throw APIError(
                status: .badRequest, code: .photoTooLarge,
                message: "The photo is \(size.width) × \(size.height) pixels; it may have at most "
                    + "\(PhotoLimits.maximumPixels) pixels and \(PhotoLimits.maximumSide) on a side.",
                field: PhotoUpload.fieldName)
        case .notAnImage:
            throw APIError(
                status: .badRequest, code: .notAnImage,
                message: "The photo is not a whole JPEG, PNG, GIF or WebP image that can be decoded.",
                field: PhotoUpload.fieldName)
        }
    }
}
