// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Where an announcement stands. The wire says `MISSING`/`FOUND`/`CLOSED`;
/// some deployments say `Lost`/`Found`. Unknown values are not guessed at:
/// the decoder skips such items (a wrong badge would mislead people).
public enum AnnouncementStatus: String, Sendable, Hashable, CaseIterable {
    case lost
    case found
    case closed

    /// Case-insensitive; `nil` for anything that is not a known status.
    public init?(wireValue: String) {
        switch (wireValue.trimmedNonEmpty ?? "").uppercased() {
        case "MISSING", "LOST": self = .lost
        case "FOUND": self = .found
        case "CLOSED": self = .closed
        default: return nil
        }
    }

    /// The contract's canonical spelling (`MISSING`, `FOUND`, `CLOSED`).
    public var wireValue: String {
        switch self {
        case .lost: "MISSING"
        case .found: "FOUND"
        case .closed: "CLOSED"
        }
    }

}
