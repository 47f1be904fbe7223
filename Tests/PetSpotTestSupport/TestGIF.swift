// SPDX-License-Identifier: GPL-3.0-or-later

/// GIF files made byte by byte, for the checks that read a GIF's structure.
public enum TestGIF {
    /// A GIF of `width` × `height` with the frames given (left, top, width,
    /// height), each with a local colour table and one tiny data block, after a
    /// comment extension. The pixels are not meant to decode.
    public static func make(width: Int, height: Int, frames: [(Int, Int, Int, Int)]) -> [UInt8] {
        func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        var bytes = Array("GIF89a".utf8) + le(width) + le(height) + [0x80, 0, 0] + [UInt8](repeating: 0, count: 6)
        bytes += [0x21, 0xFE, 3] + Array("hi!".utf8) + [0]
        for (left, top, frameWidth, frameHeight) in frames {
            bytes += [0x2C] + le(left) + le(top) + le(frameWidth) + le(frameHeight) + [0x80]
            bytes += [UInt8](repeating: 0, count: 6) + [2, 2, 0x4C, 0x01, 0]
        }
        return bytes + [0x3B]
    }
}
