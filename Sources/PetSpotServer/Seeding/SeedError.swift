// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Why a seed file could not be used. The descriptions are written for the person
/// who passed `--seed`, so the CLI prints them as they are.
public enum SeedError: Error, Sendable, CustomStringConvertible, LocalizedError {
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read seed file \(path): \(reason)"
        case .malformed(let path, let reason):
            return "seed file \(path) is not a {\"data\": [announcement, …]} list: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
