// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// One announcement per id. A backend that sends an id twice has sent two
/// versions of one report: the most recently updated one is kept (the later
/// in the list when that is a tie), in the place the id first appeared.
enum DuplicateIDs {
    static func keepingLatest(
        _ announcements: [Announcement], noting note: (_ id: String) -> Void
    ) -> [Announcement] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(announcements.count)
        // Copied only from the first repeat on: a list without one is returned as is.
        var kept: [Announcement]?
        // By index, reading the id in place: copying each report out of the
        // array retained and released every one of its fields.
        for index in announcements.indices {
            let id = announcements[index].id
            guard let position = positions[id] else {
                positions[id] = kept?.count ?? index
                kept?.append(announcements[index])
                continue
            }
            note(id)
            if kept == nil { kept = Array(announcements[..<index]) }
            if !(lastChange(of: announcements[index]) < lastChange(of: kept![position])) {
                kept![position] = announcements[index]
            }
        }
        return kept ?? announcements
    }

    /// `updatedAt` when the backend gave one, else `createdAt`.
    private static func lastChange(of announcement: Announcement) -> Date {
        announcement.updatedAt ?? announcement.createdAt
    }
}
