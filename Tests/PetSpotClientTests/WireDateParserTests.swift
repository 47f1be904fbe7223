import Foundation
import Testing
@testable import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport

@Suite("Date parsing without time-zone shifts")
struct WireDateParserTests {
    @Test("calendar days, leap years included",
          arguments: [("2025-11-15", 2025, 11, 15), ("2024-02-29", 2024, 2, 29), ("2000-02-29", 2000, 2, 29),
                      ("0001-01-01", 1, 1, 1), ("2025-11-15T23:59:59-11:00", 2025, 11, 15)])
    func validDays(text: String, year: Int, month: Int, day: Int) {
        #expect(WireDateParser.calendarDay(text) == CalendarDay(year: year, month: month, day: day))
    }

    @Test("impossible or malformed days",
          arguments: ["2023-02-29", "1900-02-29", "2025-04-31", "2025-00-10", "2025-11-00", "25-11-15",
                      "2025-1-15", "2025/11/15", "2025-11-15x", " 2025-11-15", "２０２５-11-15", "0000-01-01"])
    func invalidDays(text: String) {
        #expect(WireDateParser.calendarDay(text) == nil)
    }

    @Test("timestamps before 1970 and on leap days are exact")
    func epochArithmetic() {
        #expect(WireDateParser.timestamp("1969-12-31T00:00:00Z") == Date(timeIntervalSince1970: -86_400))
        #expect(WireDateParser.timestamp("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(WireDateParser.timestamp("2024-02-29 23:59:59") == Date(timeIntervalSince1970: 1_709_251_199))
    }

    @Test("malformed timestamps", arguments: [
        "", "2025-11-15", "2025-11-15T", "2025-11-15T12", "2025-11-15T12:60:00Z", "2025-11-15T12:30:61Z",
        "2025-11-15T12:30:00.Z", "2025-11-15T12:30:00+25:00", "2025-11-15T12:30:00 Z", "2025-11-15X12:30:00Z",
        String(repeating: "9", count: 1_000),
    ])
    func invalidTimestamps(text: String) {
        #expect(WireDateParser.timestamp(text) == nil)
    }

    @Test("CalendarDay rejects impossible dates and prints ISO")
    func calendarDay() {
        #expect(CalendarDay(year: 2025, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2025, month: 3, day: 5)?.isoString == "2025-03-05")
        #expect(CalendarDay(year: 2025, month: 3, day: 5)! < CalendarDay(year: 2025, month: 12, day: 1)!)
    }
}
