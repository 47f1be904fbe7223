// SPDX-License-Identifier: GPL-3.0-or-later

extension CalendarDay {
    /// The day's place in the proleptic Gregorian calendar: 1 January of year 1
    /// is 1. Differences between two days' ordinals count the days between
    /// them, with no time zone or daylight saving involved.
    public var ordinal: Int {
        let yearsBefore = year - 1
        let leapDaysBefore = yearsBefore / 4 - yearsBefore / 100 + yearsBefore / 400
        var dayOfYear = day
        for earlierMonth in 1..<month { dayOfYear += Self.daysIn(month: earlierMonth, year: year) }
        return yearsBefore * 365 + leapDaysBefore + dayOfYear
    }

    /// Days from this day to `other`: positive when `other` is later.
    public func days(until other: CalendarDay) -> Int { other.ordinal - ordinal }
}
