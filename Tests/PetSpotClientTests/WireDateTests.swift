// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@Suite("The contract's dates, read one way by client and server")
struct WireDateTests {
    @Test(
        "calendar days, leap years included",
        arguments: [
            ("2025-11-15", 2025, 11, 15), ("2024-02-29", 2024, 2, 29), ("2000-02-29", 2000, 2, 29),
            ("0001-01-01", 1, 1, 1), ("2025-11-15T23:59:59-11:00", 2025, 11, 15),
        ])
    func validDays(text: String, year: Int, month: Int, day: Int) {
        #expect(WireDate.calendarDay(text) == CalendarDay(year: year, month: month, day: day))
    }

    @Test(
        "impossible or malformed days",
        arguments: [
            "2023-02-29", "1900-02-29", "2025-04-31", "2025-00-10", "2025-11-00", "25-11-15",
            "2025-1-15", "2025/11/15", "2025-11-15x", " 2025-11-15", "２０２５-11-15", "0000-01-01",
        ])
    func invalidDays(text: String) {
        #expect(WireDate.calendarDay(text) == nil)
    }

    @Test("timestamps before 1970 and on leap days are exact")
    func epochArithmetic() {
        #expect(WireDate.timestamp("1969-12-31T00:00:00Z") == Date(timeIntervalSince1970: -86_400))
        #expect(WireDate.timestamp("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(WireDate.timestamp("2024-02-29 23:59:59") == Date(timeIntervalSince1970: 1_709_251_199))
    }

    @Test(
        "malformed timestamps",
        arguments: [
            "", "2025-11-15", "2025-11-15T", "2025-11-15T12", "2025-11-15T12:60:00Z", "2025-11-15T12:30:61Z",
            "2025-11-15T12:30:00.Z", "2025-11-15T12:30:00+25:00", "2025-11-15T12:30:00 Z", "2025-11-15X12:30:00Z",
            String(repeating: "9", count: 1_000),
        ])
    func invalidTimestamps(text: String) {
        #expect(WireDate.timestamp(text) == nil)
    }

    /// 2025-11-15 12:30:00 UTC, written every way the contract allows.
    static let halfPastNoon = Date(timeIntervalSince1970: 1_763_209_800)

    @Test(
        "both wire formats, fractions and zone offsets name the same instant",
        arguments: [
            ("2025-11-15T12:30:00Z", 0.0), ("2025-11-15T12:30:00.000Z", 0), ("2025-11-15T12:30:00.250Z", 0.25),
            ("2025-11-15 12:30:00", 0), ("2025-11-15T12:30:00", 0), ("2025-11-15t12:30:00z", 0),
            ("2025-11-15T17:30:00+05:00", 0), ("2025-11-15T17:30:00.5+05:00", 0.5), ("2025-11-15T07:00:00-05:30", 0),
            ("2025-11-15T07:00:00-0530", 0), ("2025-11-15T14:30:00+02", 0), ("2025-11-16T02:30:00+14:00", 0),
            ("2025-11-15T12:30Z", 0),
        ])
    func sameInstant(text: String, extraSeconds: Double) {
        #expect(WireDate.timestamp(text) == Self.halfPastNoon.addingTimeInterval(extraSeconds))
    }

    @Test("a day is read from a timestamp literally, whatever its offset")
    func dayOfATimestamp() {
        #expect(WireDate.calendarDay("2025-11-16T02:30:00+14:00") == CalendarDay(year: 2025, month: 11, day: 16))
        #expect(CalendarDay(isoString: "2025-11-16T02:30:00+14:00") == nil, "a report's day is exactly YYYY-MM-DD")
        #expect(CalendarDay(isoString: "2025-11-16") == CalendarDay(year: 2025, month: 11, day: 16))
    }

    @Test("CalendarDay rejects impossible dates and prints ISO")
    func calendarDay() {
        #expect(CalendarDay(year: 2025, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2025, month: 3, day: 5)?.isoString == "2025-03-05")
        #expect(CalendarDay(year: 2025, month: 3, day: 5)! < CalendarDay(year: 2025, month: 12, day: 1)!)
    }
}
