// SPDX-License-Identifier: GPL-3.0-or-later

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
        /// Both sides at least 1 and at most `PhotoLimits.maximumSide`, and
        /// at most `PhotoLimits.maximumPixels` in all.
        public var isWithinLimits: Bool {
            let sides = 1...PhotoLimits.maximumSide
            return sides.contains(width) && sides.contains(height) && pixels <= PhotoLimits.maximumPixels
        }
    }

    /// The dimensions of a PNG, JPEG, GIF or WebP image; nil for anything else.
    public static func dimensions(of bytes: some Collection<UInt8>) -> Dimensions? {
        let head = Array(bytes.prefix(64))  // where PNG, GIF and WebP give their size
        return png(head) ?? jpeg(bytes) ?? gif(bytes) ?? webp(head)
    }

    /// Whether the image may be decoded: a known format within `PhotoLimits`,
    /// received whole.
    public static func isDecodable(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
        guard let size = dimensions(of: bytes) else { return false }
        return size.isWithinLimits && endsWhole(bytes)
    }

    /// Whether the file ends the way its format ends a whole image.
    /// gdk-pixbuf decodes a file cut short without any error and shows part
    /// of a photo; an unfinished download must be the placeholder instead.
    public static func endsWhole(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(16))
        let tail = Array(bytes.suffix(1024))
        func tailContains(_ marker: [UInt8]) -> Bool {
            tail.count >= marker.count
                && (0...tail.count - marker.count).contains { tail[$0..<$0 + marker.count].elementsEqual(marker) }
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

    /// GIF: the canvas, grown to hold every frame. Each frame gives its own
    /// place and size, and gdk-pixbuf allocates a frame at that size however
    /// small the canvas declared first is: a 50-byte file with a 1×1 canvas
    /// and a 65 535 × 65 535 frame would ask for 4 GiB. The blocks are walked
    /// in place; a file cut short gives the frames it has.
    private static func gif<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Dimensions? {
        func byte(_ index: Bytes.Index, _ offset: Int) -> Int? {
            guard let at = bytes.index(index, offsetBy: offset, limitedBy: bytes.endIndex), at < bytes.endIndex
            else { return nil }
            return Int(bytes[at])
        }
        func littleEndian16(_ index: Bytes.Index, _ offset: Int) -> Int? {
            guard let low = byte(index, offset), let high = byte(index, offset + 1) else { return nil }
            return high << 8 | low
        }
        func skip(_ index: Bytes.Index, _ count: Int) -> Bytes.Index? {
            bytes.index(index, offsetBy: count, limitedBy: bytes.endIndex)
        }
        /// A colour table follows a descriptor whose packed byte says so.
        func colourTableSize(_ packed: Int) -> Int { packed & 0x80 != 0 ? 3 << ((packed & 0x07) + 1) : 0 }
        /// Past a run of data sub-blocks (a size byte, that many bytes; 0 ends it).
        func skipSubBlocks(_ index: Bytes.Index) -> Bytes.Index? {
            var index = index
            while let size = byte(index, 0) {
                guard let next = skip(index, 1 + size) else { return nil }
                if size == 0 { return next }
                index = next
            }
            return nil
        }

        let start = bytes.startIndex
        guard bytes.starts(with: Array("GIF8".utf8)), var width = littleEndian16(start, 6),
            var height = littleEndian16(start, 8), let packed = byte(start, 10)
        else { return nil }
        var next = skip(start, 13 + colourTableSize(packed))
        while let index = next, let introducer = byte(index, 0) {
            switch introducer {
            case 0x2C:  // an image: its left, top, width and height on the canvas
                guard let left = littleEndian16(index, 1), let top = littleEndian16(index, 3),
                    let frameWidth = littleEndian16(index, 5), let frameHeight = littleEndian16(index, 7)
                else {
                    next = nil
                    break
                }
                width = max(width, left + frameWidth)
                height = max(height, top + frameHeight)
                // Its colour table and the LZW code size, then its data.
                next = byte(index, 9).flatMap { skip(index, 10 + colourTableSize($0) + 1) }.flatMap(skipSubBlocks)
            case 0x21:  // an extension: a label, then data sub-blocks
                next = skip(index, 2).flatMap(skipSubBlocks)
            default:  // the trailer, or a byte no decoder reads past
                next = nil
            }
        }
        return Dimensions(width: width, height: height)
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

    /// JPEG: walk the segments to the first start-of-frame marker, however far
    /// into the file it is (a phone's EXIF, XMP and ICC segments before it can
    /// take hundreds of KiB), reading only each segment's first bytes, in place.
    private static func jpeg<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Dimensions? {
        /// The byte `offset` bytes after `index`, or nil past the end.
        func byte(_ index: Bytes.Index, _ offset: Int) -> Int? {
            guard let at = bytes.index(index, offsetBy: offset, limitedBy: bytes.endIndex), at < bytes.endIndex
            else { return nil }
            return Int(bytes[at])
        }
        func bigEndian16(_ index: Bytes.Index, _ offset: Int) -> Int {
            (byte(index, offset) ?? 0) << 8 | (byte(index, offset + 1) ?? 0)
        }
        let start = bytes.startIndex
        guard byte(start, 0) == 0xFF, byte(start, 1) == 0xD8, byte(start, 3) != nil else { return nil }
        var index = bytes.index(start, offsetBy: 2)
        // A segment's marker and length, and a frame header's sides: 10 bytes.
        while byte(index, 9) != nil {
            guard byte(index, 0) == 0xFF, let marker = byte(index, 1) else { return nil }
            if marker == 0xFF {
                index = bytes.index(after: index)
                continue
            }  // fill byte
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame {
                return Dimensions(width: bigEndian16(index, 7), height: bigEndian16(index, 5))
            }
            let length = bigEndian16(index, 2)
            guard length >= 2, let next = bytes.index(index, offsetBy: 2 + length, limitedBy: bytes.endIndex)
            else { return nil }
            index = next
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
