// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

extension CalendarDay {
    /// Exactly `YYYY-MM-DD` and a real day; anything else is `nil`.
    public init?(isoString text: String) {
        guard text.utf8.count == 10, let day = WireDate.calendarDay(text) else { return nil }
        self = day
    }

    /// The calendar day `date` falls on in `timeZone`.
    public init(date: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        // A Gregorian calendar always yields a valid triple for a real date.
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)!
    }

    /// The latest day it already is somewhere on Earth (UTC+14): what a server,
    /// which does not know the reporter's zone, takes as "today".
    public static func latestToday(now: Date = Date()) -> CalendarDay {
        CalendarDay(date: now.addingTimeInterval(14 * 3600), timeZone: TimeZone(identifier: "UTC")!)
    }
}
