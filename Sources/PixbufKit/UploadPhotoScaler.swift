// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Makes a photo the user picked fit for upload: one whose longer side is over
/// `PhotoLimits.uploadLongestSide` is turned upright (its EXIF orientation)
/// and scaled down to that side. JPEG stays JPEG and PNG stays PNG; GIF and
/// WebP become PNG. Blocks: call off the main thread.
public struct UploadPhotoScaler: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// Small enough, or of a size the header does not tell: sent as it is.
        case asGiven
        case scaled(Data, PhotoKind)
        /// Even decoded at a fraction of its size it would take more than
        /// `PhotoLimits.maximumPixels`.
        case tooLarge
        /// Its header promised an image that does not decode.
        case notAnImage
    }

    /// libjpeg's quality for the scaled-down photo: no visible loss at 2 048 px.
    private static let jpegQuality = "90"

    public init() {}

    public func prepare(_ data: Data) -> Outcome {
        guard let kind = PhotoKind(sniffing: data), let size = ImageHeader.dimensions(of: data) else { return .asGiven }
        let longest = PhotoLimits.uploadLongestSide
        guard max(size.width, size.height) > longest else { return .asGiven }
        guard Self.decodedSize(of: size, kind: kind).isWithinLimits else { return .tooLarge }
        // gdk-pixbuf decodes a file cut short without complaint: it would be
        // sent as a whole photo with a grey end.
        guard ImageHeader.endsWhole(data) else { return .notAnImage }
        guard let decoded = Pixbuf.decodeUnchecked(data, maxWidth: longest, maxHeight: longest),
            let upright = decoded.uprighted()
        else { return .notAnImage }
        let encoded =
            kind == .jpeg
            ? upright.encoded(as: "jpeg", options: [("quality", Self.jpegQuality)])
            : upright.encoded(as: "png")
        guard let encoded else { return .notAnImage }
        return .scaled(encoded, kind == .jpeg ? .jpeg : .png)
    }

    /// The size gdk-pixbuf decodes at before scaling to the upload's size: the
    /// JPEG loader picks the smallest of 1/2, 1/4 and 1/8 that is still at
    /// least the size asked for; the others decode at full size.
    static func decodedSize(of size: ImageHeader.Dimensions, kind: PhotoKind) -> ImageHeader.Dimensions {
        guard kind == .jpeg, size.width > 0, size.height > 0 else { return size }
        let longest = PhotoLimits.uploadLongestSide
        // gdk-pixbuf's own fitting into a longest × longest box, rounded as it rounds.
        let target =
            size.width >= size.height
            ? (width: longest, height: Int(0.5 + Double(size.height) * Double(longest) / Double(size.width)))
            : (width: Int(0.5 + Double(size.width) * Double(longest) / Double(size.height)), height: longest)
        var chosen = size
        for denominator in [2, 4, 8] {
            let candidate = ImageHeader.Dimensions(
                width: (size.width + denominator - 1) / denominator,
                height: (size.height + denominator - 1) / denominator)
            if candidate.width < target.width || candidate.height < target.height { break }
            chosen = candidate
        }
        return chosen
    }
}
