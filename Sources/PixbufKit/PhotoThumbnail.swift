// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// A small square PNG of a photo, for places that show a pet at icon size
/// (GNOME Shell's search results) and must not carry the whole photo.
/// Blocks: call off the main thread.
public enum PhotoThumbnail {
    /// A square of `side` pixels at most (smaller photos keep their shorter
    /// side); nil for anything that is not a whole image within `PhotoLimits`.
    public static func png(from data: Data, side: Int) -> Data? {
        guard side > 0 else { return nil }
        // Decoded at the smallest size the loader allows above the square's
        // side: the shorter side must still be at least `side` after cropping.
        guard let size = ImageHeader.dimensions(of: data), size.isWithinLimits, size.width > 0, size.height > 0,
            case let box = decodeBox(size, side: side),
            let decoded = Pixbuf.decode(data, maxWidth: box.width, maxHeight: box.height),
            let square = decoded.uprighted()?.centreSquare(),
            let scaled = square.width > side ? square.scaled(width: side, height: side) : square
        else { return nil }
        return scaled.encoded(as: "png")
    }

    /// The box keeping the photo's proportions whose shorter side is `side`.
    private static func decodeBox(_ size: ImageHeader.Dimensions, side: Int) -> (width: Int, height: Int) {
        let shorter = min(size.width, size.height)
        guard shorter > side else { return (size.width, size.height) }
        return (
            max(side, size.width * side / shorter), max(side, size.height * side / shorter)
        )
    }
}
