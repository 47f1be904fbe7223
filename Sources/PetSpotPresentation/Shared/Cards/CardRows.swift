// SPDX-License-Identifier: GPL-3.0-or-later

/// What a card list shows: how many rows, and each row's report id and card.
/// A list asks only for the rows it puts on screen, so an implementation may
/// format a card when it is first asked for (`AnnouncementResults`).
public protocol CardRows {
    var count: Int { get }
    func id(at position: Int) -> String
    func card(at position: Int) -> AnnouncementCard
}

/// Cards already formatted (the map's reports in a region).
extension Array: CardRows where Element == AnnouncementCard {
    public func id(at position: Int) -> String { self[position].id }
    public func card(at position: Int) -> AnnouncementCard { self[position] }
}
