// SPDX-License-Identifier: GPL-3.0-or-later

import Hummingbird
import NIOCore
import NIOPosix
import PetSpotDomain
import PetSpotLocking
import PixbufKit

/// An uploaded photo is stored only when every client can show it: its header
/// within `PhotoLimits` (checked before anything is decoded), and its bytes a
/// whole image that decodes.
final class PhotoCheck: Sendable {
    /// Decoding is slow (up to a second for a PNG at the limit) and takes up to
    /// `PhotoLimits.maximumPixels` × 4 bytes: photos are decoded one at a time,
    /// never on the event loop, and on a thread of their own, so uploads never
    /// hold up the shared pool that reads the photos being served.
    private static let decodingThread: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: photosDecodedAtOnce)
        pool.start()
        return pool
    }()

    static let photosDecodedAtOnce = 1

    /// Photos that may wait while another is decoded, unless configured
    /// otherwise (`ServerConfiguration.maximumPhotosWaitingToDecode`).
    static let defaultMaximumWaiting = 4

    /// How long a refused upload is told to wait: about as long as the line
    /// it found full takes to decode.
    static let retryAfterSeconds = 5

    /// Each photo in line holds its whole body (up to 20 MiB) while no
    /// deadline runs, so the line is short and the rest are refused at once.
    private let maximumInLine: Int
    private let inLine = Locked(0)
    private let beforeDecoding: (@Sendable () async -> Void)?

    /// - Parameters:
    ///   - maximumWaiting: photos that may wait while another is decoded.
    ///   - beforeDecoding: runs once a photo has its place in line; tests use
    ///     it to keep the decoder busy.
    init(maximumWaiting: Int = defaultMaximumWaiting, beforeDecoding: (@Sendable () async -> Void)? = nil) {
        maximumInLine = 1 + max(0, maximumWaiting)
        self.beforeDecoding = beforeDecoding
    }

    func verify(_ photo: ByteBuffer) async throws {
        let admitted = inLine.withLock { count in
            guard count < maximumInLine else { return false }
            count += 1
            return true
        }
        guard admitted else {
            var error = APIError(
                status: .serviceUnavailable, code: .busy,
                message: "The server is checking other photos. Try again in \(Self.retryAfterSeconds) s.",
                field: nil)
            error.retryAfterSeconds = Self.retryAfterSeconds
            throw error
        }
        defer { inLine.withLock { $0 -= 1 } }
        await beforeDecoding?()
        let verdict = try await Self.decodingThread.runIfActive {
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
