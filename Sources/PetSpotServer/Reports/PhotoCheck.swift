import Hummingbird
import NIOCore
import NIOPosix
import PetSpotDomain
import PixbufKit

/// An uploaded photo is stored only when every client can show it: its header
/// within `PhotoLimits` (checked before anything is decoded), and its bytes a
/// whole image that decodes. Decoding is slow, so it runs on the thread pool,
/// never on the event loop; the pool's few threads bound how many run at once.
enum PhotoCheck {
    static func verify(_ photo: ByteBuffer) async throws {
        let verdict = try await NIOThreadPool.singleton.runIfActive {
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
