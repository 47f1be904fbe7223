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
        for (index, announcement) in announcements.enumerated() {
            guard let position = positions[announcement.id] else {
                positions[announcement.id] = kept?.count ?? index
                kept?.append(announcement)
                continue
            }
            note(announcement.id)
            if kept == nil { kept = Array(announcements[..<index]) }
            if !(lastChange(of: announcement) < lastChange(of: kept![position])) {
                kept![position] = announcement
            }
        }
        return kept ?? announcements
    }

    /// `updatedAt` when the backend gave one, else `createdAt`.
    private static func lastChange(of announcement: Announcement) -> Date {
        announcement.updatedAt ?? announcement.createdAt
    }
}
