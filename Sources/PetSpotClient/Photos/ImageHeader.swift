import PetSpotDomain

/// Reads an image's pixel dimensions from its header, without decoding it.
///
/// gdk-pixbuf's PNG, GIF and WebP loaders decode at full size whatever size is
/// asked for, so a small file declaring 100 000 × 100 000 pixels (a
/// "decompression bomb") could take gigabytes. Photos are checked here first;
/// formats other than the ones PetSpot backends serve are not decoded at all.
public enum ImageHeader {
    public struct Dimensions: Sendable, Equatable {
        public let width: Int
        public let height: Int
        /// Width × height; `Int.max` when that overflows (PNG sides are 32-bit).
        public var pixels: Int {
            let (product, overflow) = width.multipliedReportingOverflow(by: height)
            return overflow ? .max : product
        }
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// Photos larger than this many pixels are refused (about 40 megapixels).
    public static let maximumPixels = 40_000_000
    /// Nor is a side longer than this (JPEG's own limit), checked before the
    /// sides are multiplied.
    public static let maximumSide = 65_535

    /// The dimensions of a PNG, JPEG, GIF or WebP image; nil for anything else.
    public static func dimensions(of bytes: some Collection<UInt8>) -> Dimensions? {
        let data = Array(bytes.prefix(64 * 1024))  // headers are near the start
        return png(data) ?? jpeg(data) ?? gif(data) ?? webp(data)
    }

    /// Whether the image may be decoded: a known format of a sensible size,
    /// received whole.
    public static func isDecodable(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
        guard let size = dimensions(of: bytes) else { return false }
        return (1...maximumSide).contains(size.width) && (1...maximumSide).contains(size.height)
            && size.pixels <= maximumPixels && endsWhole(bytes)
    }

    /// Whether the file ends the way its format ends a whole image.
    /// gdk-pixbuf decodes a file cut short without any error and shows part
    /// of a photo; an unfinished download must be the placeholder instead.
    public static func endsWhole(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(16)), tail = Array(bytes.suffix(1024))
        func tailContains(_ marker: [UInt8]) -> Bool {
            tail.count >= marker.count && (0...tail.count - marker.count).contains { tail[$0..<$0 + marker.count].elementsEqual(marker) }
        }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return tailContains(Array("IEND".utf8)) }
        // End of image; it ends the file but some writers append a few bytes after it.
        if head.starts(with: [0xFF, 0xD8]) { return tailContains([0xFF, 0xD9]) }
        if head.starts(with: Array("GIF8".utf8)) { return tail.suffix(16).contains(0x3B) }  // the trailer
        if head.count >= 8, head.starts(with: Array("RIFF".utf8)) {
            // The RIFF header counts the bytes that follow its first 8.
            return 8 + littleEndian(head, 4, 4) <= bytes.count
        }
        return false
    }

    private static func png(_ d: [UInt8]) -> Dimensions? {
        guard d.count >= 24, d.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        return Dimensions(width: bigEndian(d, 16, 4), height: bigEndian(d, 20, 4))
    }

    private static func gif(_ d: [UInt8]) -> Dimensions? {
        guard d.count >= 10, d.starts(with: Array("GIF8".utf8)) else { return nil }
        return Dimensions(width: littleEndian(d, 6, 2), height: littleEndian(d, 8, 2))
    }

    private static func webp(_ d: [UInt8]) -> Dimensions? {
        guard d.count >= 30, d.starts(with: Array("RIFF".utf8)), Array(d[8..<12]) == Array("WEBP".utf8)
        else { return nil }
        switch String(decoding: d[12..<16], as: UTF8.self) {
        case "VP8X":  // extended: 24-bit canvas size minus one
            return Dimensions(width: littleEndian(d, 24, 3) + 1, height: littleEndian(d, 27, 3) + 1)
        case "VP8 ":  // lossy: 14-bit sizes after the frame tag and start code
            return Dimensions(width: littleEndian(d, 26, 2) & 0x3FFF, height: littleEndian(d, 28, 2) & 0x3FFF)
        case "VP8L":  // lossless: two 14-bit sizes minus one, after the signature byte
            let bits = littleEndian(d, 21, 4)
            return Dimensions(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        default:
            return nil
        }
    }

    /// JPEG: walk the segments to the first start-of-frame marker.
    private static func jpeg(_ d: [UInt8]) -> Dimensions? {
        guard d.count >= 4, d[0] == 0xFF, d[1] == 0xD8 else { return nil }
        var index = 2
        while index + 9 < d.count {
            guard d[index] == 0xFF else { return nil }
            let marker = d[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill byte
            let length = bigEndian(d, index + 2, 2)
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame {
                return Dimensions(width: bigEndian(d, index + 7, 2), height: bigEndian(d, index + 5, 2))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ d: [UInt8], _ offset: Int, _ count: Int) -> Int {
        d[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ d: [UInt8], _ offset: Int, _ count: Int) -> Int {
        d[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
