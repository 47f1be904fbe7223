// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// What a photo's bytes turn out to be when decoded within `PhotoLimits`.
public enum PhotoVerdict: Sendable, Equatable {
    /// A whole image of this size, which decodes.
    case image(ImageHeader.Dimensions)
    /// Its header declares a side or a number of pixels over `PhotoLimits`:
    /// never decoded.
    case tooLarge(ImageHeader.Dimensions)
    /// Not a JPEG, PNG, GIF or WebP image, cut short, or it does not decode.
    case notAnImage
}

/// Checks that a photo is one every client can show: its header first (so a
/// decompression bomb is never decoded), then a real decode, at a small scale
/// where the loader allows it (JPEG). Blocks: call off the event loop.
public enum PhotoVerifier {
    /// The decode proves the image readable; its size does not matter, so it
    /// is as small as the loader will go.
    private static let verificationBox = 64

    public static func verdict(on bytes: some BidirectionalCollection<UInt8>) -> PhotoVerdict {
        guard let size = ImageHeader.dimensions(of: bytes) else { return .notAnImage }
        guard size.isWithinLimits else { return .tooLarge(size) }
        guard ImageHeader.endsWhole(bytes),
            Pixbuf.decodeUnchecked(bytes, maxWidth: verificationBox, maxHeight: verificationBox) != nil
        else { return .notAnImage }
        return .image(size)
    }
}

extension Pixbuf {
    /// `decodeUnchecked` for images that pass `ImageHeader.isDecodable`
    /// (a known format within `PhotoLimits`, received whole); nil for others.
    package static func decode(_ bytes: some BidirectionalCollection<UInt8>, maxWidth: Int, maxHeight: Int) -> Pixbuf? {
        guard ImageHeader.isDecodable(bytes) else { return nil }
        return decodeUnchecked(bytes, maxWidth: maxWidth, maxHeight: maxHeight)
    }
}
