// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain

// The calendar widget's day and the domain's are the same three numbers; the
// UI converts at the widget.
extension GtkKit.CalendarDay {
    init(_ day: PetSpotDomain.CalendarDay) {
        // Every domain day is a real Gregorian day, which the widget's is too.
        self.init(year: day.year, month: day.month, day: day.day)!
    }

    var domainDay: PetSpotDomain.CalendarDay? {
        PetSpotDomain.CalendarDay(year: year, month: month, day: day)
    }
}
