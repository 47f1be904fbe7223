// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// The main window's size, remembered between runs.
public struct WindowGeometry: Codable, Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var isMaximized: Bool

    public static let standard = WindowGeometry(width: 960, height: 720, isMaximized: false)
    /// Narrowest usable window: the HIG's mobile width.
    public static let minimumWidth = 360, minimumHeight = 294
    public static let maximumSide = 16_384

    public init(width: Int, height: Int, isMaximized: Bool) {
        self.width = width
        self.height = height
        self.isMaximized = isMaximized
    }

    /// Nonsense from a damaged file never makes an unusable window.
    public func clamped() -> WindowGeometry {
        WindowGeometry(
            width: min(max(width, Self.minimumWidth), Self.maximumSide),
            height: min(max(height, Self.minimumHeight), Self.maximumSide),
            isMaximized: isMaximized)
    }
}
