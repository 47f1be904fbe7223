// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// The one reader of the contract's date strings, for the client and the
/// server alike. Foundation's formatters are slow to build, not thread-safe to
/// share, and interpret dates in a time zone; these are pure arithmetic, fast
/// enough for 100 000 announcements, and accept exactly the shapes the
/// contract allows: `YYYY-MM-DD` days, and ISO 8601 timestamps with or without
/// fractional seconds and a zone offset, or `YYYY-MM-DD HH:MM:SS` (UTC).
public enum WireDate {
    /// `YYYY-MM-DD`. A full timestamp is tolerated too, in which case the
    /// date part is taken literally (no time-zone conversion).
    public static func calendarDay(_ text: String) -> CalendarDay? {
        withBytes(text) { bytes in
            guard bytes.count >= 10, let day = parseDay(bytes, at: 0) else { return nil }
            if bytes.count == 10 { return day.day }
            return parseTimestampFields(bytes) == nil ? nil : day.day
        }
    }

    /// ISO 8601 `YYYY-MM-DDTHH:MM[:SS[.fff…]][Z|±HH[:MM]]`, or the same with a
    /// space instead of `T` (the `YYYY-MM-DD HH:MM:SS` form). No zone means UTC.
    public static func timestamp(_ text: String) -> Date? {
        withBytes(text) { bytes in
            guard let seconds = parseTimestampFields(bytes) else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }
    }

    // MARK: - Byte-level parsing

    private static func withBytes<T>(_ text: String, _ body: (Span<UInt8>) -> T?) -> T? {
        // Cheap guard before touching the bytes: real values are short.
        guard text.utf8.count <= 64 else { return nil }
        // A bounds-checked view of the string's own UTF-8 (decoded JSON strings
        // are native, so this does not copy).
        var contiguous = text
        contiguous.makeContiguousUTF8()
        return body(contiguous.utf8.span)
    }

    private static func digits(_ bytes: Span<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<(start + count) {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func byte(_ bytes: Span<UInt8>, _ index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private static func parseDay(_ bytes: Span<UInt8>, at start: Int) -> (day: CalendarDay, end: Int)? {
        guard let year = digits(bytes, start, 4),
            byte(bytes, start + 4) == UInt8(ascii: "-"),
            let month = digits(bytes, start + 5, 2),
            byte(bytes, start + 7) == UInt8(ascii: "-"),
            let day = digits(bytes, start + 8, 2),
            let calendarDay = CalendarDay(year: year, month: month, day: day)
        else { return nil }
        return (calendarDay, start + 10)
    }

    /// Seconds since 1970 (UTC) for a whole-string timestamp, or `nil`.
    private static func parseTimestampFields(_ bytes: Span<UInt8>) -> Double? {
        guard let parsedDay = parseDay(bytes, at: 0),
            case (let day, let afterDay) = parsedDay,
            let separator = byte(bytes, afterDay),
            separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " "),
            let hour = digits(bytes, afterDay + 1, 2), hour <= 23,
            byte(bytes, afterDay + 3) == UInt8(ascii: ":"),
            let minute = digits(bytes, afterDay + 4, 2), minute <= 59
        else { return nil }

        var index = afterDay + 6
        var second = 0
        if byte(bytes, index) == UInt8(ascii: ":") {
            guard let value = digits(bytes, index + 1, 2), value <= 60 else { return nil }
            second = value
            index += 3
        }

        var fraction = 0.0
        if let mark = byte(bytes, index), mark == UInt8(ascii: ".") || mark == UInt8(ascii: ",") {
            index += 1
            var scale = 0.1
            let fractionStart = index
            while let digit = byte(bytes, index), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
                fraction += Double(digit - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > fractionStart else { return nil }
        }

        var offsetSeconds = 0
        if let zone = byte(bytes, index) {
            switch zone {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                index += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard let zoneHours = digits(bytes, index + 1, 2), zoneHours <= 23 else { return nil }
                index += 3
                var zoneMinutes = 0
                if byte(bytes, index) == UInt8(ascii: ":") { index += 1 }
                if index < bytes.count {
                    guard let value = digits(bytes, index, 2), value <= 59 else { return nil }
                    zoneMinutes = value
                    index += 2
                }
                let sign = zone == UInt8(ascii: "+") ? 1 : -1
                offsetSeconds = sign * (zoneHours * 3600 + zoneMinutes * 60)
            default:
                return nil
            }
        }
        guard index == bytes.count else { return nil }

        let days = daysSince1970(year: day.year, month: day.month, day: day.day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Double(whole) + fraction
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (civil-from-days
    /// inverse; exact for every year a `CalendarDay` allows).
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
