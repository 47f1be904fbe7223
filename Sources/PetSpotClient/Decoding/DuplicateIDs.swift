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
        var kept: [Announcement] = []
        kept.reserveCapacity(announcements.count)
        for announcement in announcements {
            if let position = positions[announcement.id] {
                note(announcement.id)
                if !(lastChange(of: announcement) < lastChange(of: kept[position])) { kept[position] = announcement }
            } else {
                positions[announcement.id] = kept.count
                kept.append(announcement)
            }
        }
        return kept.count == announcements.count ? announcements : kept
    }

    /// `updatedAt` when the backend gave one, else `createdAt`.
    private static func lastChange(of announcement: Announcement) -> Date {
        announcement.updatedAt ?? announcement.createdAt
    }
}
