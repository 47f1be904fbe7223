// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// Why one item of a list was left out. The rest of the list is kept.
public enum AnnouncementSkipReason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The item is not a JSON object at all.
    case notAnObject
    /// `id` is missing, `null`, not a string, or blank.
    case missingID
    /// `id` is longer than `WireTextLimit.id` bytes.
    case oversizedID
    /// `species` is missing or not a string (unknown strings are fine: they mean "Other").
    case unusableSpecies
    /// `status` is missing, not a string, or not a known status.
    case unusableStatus
    /// Latitude or longitude missing, not a number, or out of range.
    case invalidCoordinates
    /// `lastSeenDate` missing or not a real `YYYY-MM-DD` date.
    case invalidLastSeenDate
    /// `createdAt` missing or not an ISO 8601 timestamp.
    case invalidCreatedAt

    public var description: String {
        switch self {
        case .notAnObject: "item is not a JSON object"
        case .missingID: "id is missing or empty"
        case .oversizedID: "id is longer than \(WireTextLimit.id) bytes"
        case .unusableSpecies: "species is missing or not a string"
        case .unusableStatus: "status is missing or unknown"
        case .invalidCoordinates: "coordinates are missing or out of range"
        case .invalidLastSeenDate: "lastSeenDate is not a YYYY-MM-DD date"
        case .invalidCreatedAt: "createdAt is not an ISO 8601 timestamp"
        }
    }
}

/// One item that validation rejected: its id when it had one, its position in
/// the received list, and why.
public struct SkippedAnnouncement: Sendable, Hashable {
    public var id: String?
    public var index: Int
    public var reason: AnnouncementSkipReason

    public init(id: String?, index: Int, reason: AnnouncementSkipReason) {
        self.id = id
        self.index = index
        self.reason = reason
    }
}

/// The outcome of decoding a list body: the usable announcements in the
/// order received, and what was skipped.
public struct AnnouncementListDecoding: Sendable {
    public var announcements: [Announcement]
    public var skipped: [SkippedAnnouncement]
    /// What makes the body a page (docs/BEHAVIOUR.md §4.1): its `data`, a
    /// whole-number `total` and a `next` that is a string or null; nil for
    /// a plain list.
    public var page: PageEnvelope?

    public init(announcements: [Announcement], skipped: [SkippedAnnouncement], page: PageEnvelope? = nil) {
        self.announcements = announcements
        self.skipped = skipped
        self.page = page
    }
}

/// The fields of a page's envelope besides its reports.
public struct PageEnvelope: Sendable, Hashable {
    public var next: String?
    public var total: Int
    /// False when the backend stopped counting (missing: true, as servers
    /// before the field was added counted exactly).
    public var totalExact: Bool
}

/// A body that cannot be used at all: one error for the whole request.
public enum AnnouncementDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not JSON, not an object at the top, or no `data`/`announcements` array.
    case malformedBody(String)
    /// A details body whose one announcement failed validation.
    case invalidAnnouncement(id: String?, reason: AnnouncementSkipReason)

    public var description: String {
        switch self {
        case .malformedBody(let detail): "malformed body: \(detail)"
        case .invalidAnnouncement(let id, let reason): "announcement \(id ?? "(no id)") unusable: \(reason)"
        }
    }
}
