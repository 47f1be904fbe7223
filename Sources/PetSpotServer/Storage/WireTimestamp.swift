// SPDX-License-Identifier: GPL-3.0-or-later

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
        let hours = inDay / 3_600_000
        let minutes = inDay / 60_000 % 60
        let seconds = inDay / 1000 % 60
        let millis = inDay % 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))T\(pad(hours, 2)):\(pad(minutes, 2)):"
            + "\(pad(seconds, 2)).\(pad(millis, 3))Z"
    }

    /// Milliseconds since 1970 for a timestamp in any form the contract
    /// allows (`WireDate`, zone offsets included); nil otherwise.
    static func milliseconds(_ text: String) -> Int64? {
        // To the nearest millisecond: ".120" read as a binary fraction may fall just below it.
        WireDate.timestamp(text).map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // Howard Hinnant's civil_from_days (proleptic Gregorian); `WireDate` reads.
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
