// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// The kind of animal. Unknown wire values become `.other` rather than
/// dropping the announcement: a new species on the server must not hide pets.
public enum Species: String, Sendable, Hashable, CaseIterable {
    case dog = "DOG"
    case cat = "CAT"
    case bird = "BIRD"
    case rabbit = "RABBIT"
    case other = "OTHER"

    /// Case-insensitive; anything unrecognised is `.other`.
    public init(wireValue: String) {
        let normalized = (wireValue.trimmedNonEmpty ?? "").uppercased()
        self = Species(rawValue: normalized) ?? .other
    }

}
