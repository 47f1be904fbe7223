// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@Suite("Days between calendar days")
struct CalendarDayArithmeticTests {
    static func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDay {
        CalendarDay(year: year, month: month, day: day)!
    }

    @Test("the first day is 1, and leap days count where the Gregorian calendar has them")
    func knownDays() {
        #expect(Self.day(1, 1, 1).ordinal == 1)
        #expect(Self.day(2024, 2, 28).days(until: Self.day(2024, 3, 1)) == 2)
        #expect(Self.day(2026, 2, 28).days(until: Self.day(2026, 3, 1)) == 1)
        #expect(Self.day(1900, 2, 28).days(until: Self.day(1900, 3, 1)) == 1, "1900 is not a leap year")
        #expect(Self.day(2000, 2, 28).days(until: Self.day(2000, 3, 1)) == 2, "2000 is")
        #expect(Self.day(2026, 12, 31).days(until: Self.day(2027, 1, 1)) == 1)
        #expect(Self.day(2027, 1, 1).days(until: Self.day(2026, 12, 31)) == -1)
    }

    @Test("every day of four years agrees with Foundation's Gregorian calendar")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let start = try #require(calendar.date(from: DateComponents(year: 2023, month: 1, day: 1, hour: 12)))
        let first = Self.day(2023, 1, 1)
        for offset in 0..<(4 * 366) {
            let date = try #require(calendar.date(byAdding: .day, value: offset, to: start))
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let day = try #require(CalendarDay(year: parts.year!, month: parts.month!, day: parts.day!))
            #expect(first.days(until: day) == offset, "\(day.isoString)")
        }
    }
}
