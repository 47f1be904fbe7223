// SPDX-License-Identifier: GPL-3.0-or-later

/// Real PNG files of any size, written here (uncompressed deflate blocks) so
/// tests need no image files: every decoder reads them.
public enum TestPNG {
    /// A `width` × `height` RGB image of one colour.
    public static func image(width: Int, height: Int, red: UInt8 = 200, green: UInt8 = 120, blue: UInt8 = 40) -> [UInt8]
    {
        var row: [UInt8] = [0]  // filter: none
        for _ in 0..<width { row += [red, green, blue] }
        var raw: [UInt8] = []
        raw.reserveCapacity(row.count * height)
        for _ in 0..<height { raw += row }
        return signature + chunk("IHDR", header(width: width, height: height)) + chunk("IDAT", zlibStored(raw))
            + chunk("IEND", [])
    }

    /// A PNG whose header declares `width` × `height` and whose image data is
    /// `filler` bytes of nothing: a lie only the header check catches cheaply.
    public static func lyingHeader(width: Int, height: Int, filler: Int = 0) -> [UInt8] {
        signature + chunk("IHDR", header(width: width, height: height))
            + chunk("IDAT", [UInt8](repeating: 0, count: filler)) + chunk("IEND", [])
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func header(width: Int, height: Int) -> [UInt8] {
        bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]  // 8-bit RGB
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, raw.count)
            let length = UInt16(end - start)
            out.append(end == raw.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += raw[start..<end]
            start = end
        } while start < raw.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
