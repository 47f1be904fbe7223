// SPDX-License-Identifier: GPL-3.0-or-later

/// One possible match as `GET /api/v1/announcements/{id}/matches` gives it:
/// the other report exactly as the list spells it, how likely it is, and why.
public struct WirePossibleMatch: Codable, Sendable, Equatable {
    public var announcement: WireAnnouncement
    /// Higher is likelier; comparable only between the matches of one report.
    public var score: Double
    public var reasons: WireMatchReasons

    public init(announcement: WireAnnouncement, score: Double, reasons: WireMatchReasons) {
        self.announcement = announcement
        self.score = score
        self.reasons = reasons
    }
}

/// Why a report may be the same pet (`MatchReason`), every key always present.
public struct WireMatchReasons: Codable, Sendable, Equatable {
    /// Great-circle distance between the two last-seen places.
    public var kilometres: Double
    /// Days from the asked report's last-seen day to this one's: negative when
    /// this one was seen earlier.
    public var daysApart: Int
    /// Both breeds name the same breed.
    public var sameBreed: Bool
    /// The coat colours both descriptions mention (`ColourWord`'s raw values,
    /// in its order); empty when none.
    public var sharedColours: [String]

    public init(kilometres: Double, daysApart: Int, sameBreed: Bool, sharedColours: [String]) {
        self.kilometres = kilometres
        self.daysApart = daysApart
        self.sameBreed = sameBreed
        self.sharedColours = sharedColours
    }

    /// A match's reasons; every match has a distance and a day count.
    public init(_ reasons: [MatchReason]) {
        self.init(kilometres: 0, daysApart: 0, sameBreed: false, sharedColours: [])
        for reason in reasons {
            switch reason {
            case .distance(let kilometres): self.kilometres = kilometres
            case .daysApart(let days): daysApart = days
            case .sameBreed: sameBreed = true
            case .sharedColours(let colours): sharedColours = colours.map(\.rawValue)
            }
        }
    }
}

/// `{"data": [...]}`: the matches of one report, likeliest first.
public struct WirePossibleMatchList: Codable, Sendable, Equatable {
    public var data: [WirePossibleMatch]
    public init(data: [WirePossibleMatch]) { self.data = data }
}
