// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// The pet's sex. Anything unrecognised on the wire is `.unknown`: it is not a
/// reason to hide an announcement.
public enum Sex: String, Sendable, Hashable, CaseIterable {
    case male = "MALE"
    case female = "FEMALE"
    case unknown = "UNKNOWN"

    /// Case-insensitive; anything unrecognised is `.unknown`.
    public init(wireValue: String) {
        let normalized = (wireValue.trimmedNonEmpty ?? "").uppercased()
        self = Sex(rawValue: normalized) ?? .unknown
    }

}
