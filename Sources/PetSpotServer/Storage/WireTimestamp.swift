import Foundation
import PetSpotDomain

/// The timestamps the server writes: ISO 8601 in UTC with milliseconds,
/// `2026-11-20T18:42:13.120Z`, as the demo data has them.
enum WireTimestamp {
    static func string(_ date: Date) -> String {
        string(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// A timestamp after `previous` (a timestamp in any form the contract
    /// allows) by at least one millisecond, and not before `now`.
    static func after(_ previous: String, now: Date) -> String {
        let nowMilliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        guard let before = milliseconds(previous) else { return string(milliseconds: nowMilliseconds) }
        return string(milliseconds: max(nowMilliseconds, before + 1))
    }

    static func string(milliseconds: Int64) -> String {
        let (days, dayMilliseconds) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, inDay) = dayMilliseconds < 0 ? (days - 1, dayMilliseconds + 86_400_000) : (days, dayMilliseconds)
        let (year, month, dayOfMonth) = civil(daysSinceEpoch: day)
        let hours = inDay / 3_600_000, minutes = inDay / 60_000 % 60
        let seconds = inDay / 1000 % 60, millis = inDay % 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))T\(pad(hours, 2)):\(pad(minutes, 2)):"
            + "\(pad(seconds, 2)).\(pad(millis, 3))Z"
    }

    /// `YYYY-MM-DD[T or space]HH:MM:SS[.fff][Z]`, read as UTC; nil otherwise.
    static func milliseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var millis: Int64 = 0
        if bytes.count >= 23, bytes[19] == UInt8(ascii: "."), let fraction = number(20..<23) { millis = fraction }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // Howard Hinnant's days_from_civil and civil_from_days (proleptic Gregorian).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
