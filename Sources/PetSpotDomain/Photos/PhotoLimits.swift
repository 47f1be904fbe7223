// SPDX-License-Identifier: GPL-3.0-or-later

/// Every limit on a report's photo, in one place: the server refuses what the
/// clients could not show, and the clients fetch, read, decode and upload
/// within the same numbers.
public enum PhotoLimits {
    /// The largest photo file: uploaded, fetched or read from disk.
    public static let maximumBytes = 20 * 1024 * 1024
    /// The most pixels (width × height) decoded for one photo, about 40
    /// megapixels: a small file can declare far more (a "decompression bomb").
    public static let maximumPixels = 40_000_000
    /// The longest side (JPEG's own limit), checked before the sides are multiplied.
    public static let maximumSide = 65_535
    /// The form scales a photo whose longer side is longer than this before uploading it.
    public static let uploadLongestSide = 2_048
}
