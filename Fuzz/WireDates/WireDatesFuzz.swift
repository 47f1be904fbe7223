// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import FuzzSupport
import PetSpotDomain

@testable import PetSpotClient

// The contract's date strings. A day that parses is the text's own first ten
// characters; a timestamp that parses is finite, has such a day, and reads
// back as the same instant once written out again in UTC.

@_cdecl("LLVMFuzzerTestOneInput")
public func wireDatesFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)

    let day = WireDate.calendarDay(text)
    if let day {
        require(String(text.utf8.prefix(10)) == day.isoString, "day \(day.isoString) from \(text.debugDescription)")
        require(WireDate.calendarDay(day.isoString) == day, "day \(day.isoString) does not read back")
    }

    guard let instant = WireDate.timestamp(text) else { return 0 }
    let seconds = instant.timeIntervalSince1970
    require(seconds.isFinite, "timestamp \(text.debugDescription) is not finite")
    require(day != nil, "timestamp \(text.debugDescription) has no day")
    if let written = UTCTimestamp.string(secondsSince1970: seconds) {
        let reread: Double = WireDate.timestamp(written)?.timeIntervalSince1970 ?? .nan
        require(abs(reread - seconds) < 0.001, "\(text.debugDescription) → \(seconds) → \(written) → \(reread)")
    }
    return 0
}

/// Writes an instant as `YYYY-MM-DDTHH:MM:SS.ffffffZ`, with calendar
/// arithmetic of its own (days to civil date) so that the round trip checks
/// the parser's inverse rather than reusing it.
enum UTCTimestamp {
    /// `nil` outside the years 1...9999 the contract's four digits can hold.
    static func string(secondsSince1970 seconds: Double) -> String? {
        let whole = seconds.rounded(.down)
        guard abs(whole) < 1e12 else { return nil }
        let total = Int(whole)
        let microseconds = min(999_999, Int(((seconds - whole) * 1_000_000).rounded(.down)))
        let days = Int((Double(total) / 86_400).rounded(.down))
        let secondOfDay = total - days * 86_400
        let date = civilDate(daysSince1970: days)
        guard let day = CalendarDay(year: date.year, month: date.month, day: date.day) else { return nil }
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(day.isoString)T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):"
            + "\(pad(secondOfDay % 60, 2)).\(pad(microseconds, 6))Z"
    }

    /// Proleptic Gregorian date of a day count, in 400-year eras of 146 097 days
    /// with the year starting in March (so the leap day is the year's last).
    static func civilDate(daysSince1970: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = daysSince1970 + 719_468  // days from 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day)
    }
}

@main
enum WireDatesFuzz {
    static func main() { runLibFuzzer(wireDatesFuzz) }
}
