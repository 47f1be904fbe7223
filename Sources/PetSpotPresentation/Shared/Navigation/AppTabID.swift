// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// Names one of the window's top-level pages. A page declares its own id next
/// to it, so adding a page touches no list of cases.
public struct AppTabID: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let home = AppTabID(rawValue: "home")
    public static let reports = AppTabID(rawValue: "reports")
    public static let map = AppTabID(rawValue: "map")
}
