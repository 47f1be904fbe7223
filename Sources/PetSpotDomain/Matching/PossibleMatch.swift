// SPDX-License-Identifier: GPL-3.0-or-later

/// A report of the opposite status that may be the same pet, with why.
public struct PossibleMatch: Sendable, Hashable {
    public let announcement: Announcement
    /// Higher is likelier; comparable only between matches of one report.
    public let score: Double
    public let reasons: [MatchReason]

    package init(announcement: Announcement, score: Double, reasons: [MatchReason]) {
        self.announcement = announcement
        self.score = score
        self.reasons = reasons
    }
}

/// One piece of evidence, in the order a person would weigh it.
public enum MatchReason: Sendable, Hashable {
    /// Great-circle distance between the two last-seen places.
    case distance(kilometres: Double)
    /// Days from the report's last-seen day to the candidate's: negative when
    /// the candidate was seen earlier.
    case daysApart(Int)
    /// Both breeds name the same breed (folded, ignoring "mix" and the like).
    case sameBreed
    /// Colours both descriptions mention, in `ColourWord` order.
    case sharedColours([ColourWord])
}
