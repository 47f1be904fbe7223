// SPDX-License-Identifier: GPL-3.0-or-later

import FuzzSupport
import PetSpotDomain

// Photo bytes as a backend might send them. Sniffing never claims a size for
// fewer bytes than the format's header needs, sizes are never negative, and
// an image called decodable is one the app can afford to decode.

/// Signature and the fewest bytes that hold the sides, per format.
private let headers: [(name: String, matches: @Sendable ([UInt8]) -> Bool, minimumCount: Int)] = [
    ("PNG", { $0.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) }, 24),
    // SOI, then a start-of-frame segment whose sides end at byte 11.
    ("JPEG", { $0.starts(with: [0xFF, 0xD8]) }, 11),
    ("GIF", { $0.starts(with: Array("GIF8".utf8)) }, 10),
    ("WebP", { $0.count >= 12 && $0.starts(with: Array("RIFF".utf8)) && Array($0[8..<12]) == Array("WEBP".utf8) }, 30),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func imageHeaderFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let decodable = ImageHeader.isDecodable(bytes)
    guard let dimensions = ImageHeader.dimensions(of: bytes) else {
        require(!decodable, "decodable without dimensions")
        return 0
    }
    let format = headers.first { $0.matches(bytes) }
    require(format != nil, "a size for bytes of no known format")
    if let format {
        require(bytes.count >= format.minimumCount, "\(format.name) size from \(bytes.count) bytes")
    }
    require(dimensions.width >= 0 && dimensions.height >= 0, "negative side \(dimensions)")
    require(dimensions.pixels >= 0, "negative pixel count \(dimensions)")
    if decodable {
        let sides = 1...PhotoLimits.maximumSide
        require(sides.contains(dimensions.width) && sides.contains(dimensions.height), "decodable at \(dimensions)")
        require(dimensions.pixels <= PhotoLimits.maximumPixels, "decodable at \(dimensions.pixels) pixels")
        require(ImageHeader.endsWhole(bytes), "decodable but cut short")
    }
    return 0
}

@main
enum ImageHeaderFuzz {
    static func main() { runLibFuzzer(imageHeaderFuzz) }
}
