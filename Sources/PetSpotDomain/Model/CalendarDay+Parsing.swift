import Foundation

extension CalendarDay {
    /// Exactly `YYYY-MM-DD` and a real day; anything else is `nil`.
    public init?(isoString text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
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
