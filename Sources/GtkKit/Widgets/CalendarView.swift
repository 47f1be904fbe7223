// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// A day of the civil calendar (no time, no time zone): what a date field
/// holds. Only real days exist (no 30 February).
public struct CalendarDay: Hashable, Comparable, Sendable, LosslessStringConvertible {
    public let year: Int
    /// 1 (January) to 12.
    public let month: Int
    /// 1 to 31.
    public let day: Int

    /// Nil when the day does not exist (years 1 to 9999, as GLib's dates).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
            g_date_valid_dmy(GDateDay(day), GDateMonth(rawValue: UInt32(month)), GDateYear(year)) != 0
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD` (the wire's `lastSeenDate`); nil for anything else
    /// or a day that does not exist.
    public init?(_ description: String) {
        let parts = description.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0 >= "0" && $0 <= "9" } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD`, as the wire's dates are written.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// Today, in the local time zone.
    public static var today: CalendarDay {
        let now = g_date_time_new_now_local()!
        defer { g_date_time_unref(now) }
        return CalendarDay(now)
    }

    init(_ dateTime: OpaquePointer) {
        year = Int(g_date_time_get_year(dateTime))
        month = Int(g_date_time_get_month(dateTime))
        day = Int(g_date_time_get_day_of_month(dateTime))
    }

    /// Noon local time on this day: a time every day has, whatever the
    /// daylight-saving changes at midnight.
    func withLocalNoon<Result>(_ body: (OpaquePointer) -> Result) -> Result {
        let dateTime = g_date_time_new_local(Int32(year), Int32(month), Int32(day), 12, 0, 0)!
        defer { g_date_time_unref(dateTime) }
        return body(dateTime)
    }
}

/// GtkCalendar: a month grid to choose a day from. Arrows move between
/// days, Space chooses one, Ctrl+arrows change the month and year.
///
/// `onDaySelected` reports the user's choices only: setting `selectedDay`
/// from code does not call it. Browsing to another month moves GTK's
/// selection to the same day there without calling it either.
public struct CalendarView: Widget {
    public let handle: WidgetHandle
    private var calendar: OpaquePointer { opaque(widgetPointer) }
    private let changes = ChangesFromCode()

    public init(accessibleLabel: String, selectedDay: CalendarDay = .today) {
        handle = WidgetHandle(gtk_calendar_new())
        setAccessibleLabel(accessibleLabel)
        self.selectedDay = selectedDay
    }

    /// The day chosen (or, after browsing months, the same day in the month shown).
    /// Setting it shows its month and does not call the `onDaySelected` handlers.
    public var selectedDay: CalendarDay {
        get {
            let date = gtk_calendar_get_date(calendar)!
            defer { g_date_time_unref(date) }
            return CalendarDay(date)
        }
        nonmutating set {
            let calendar = calendar
            changes.perform { newValue.withLocalNoon { gtk_calendar_select_day(calendar, $0) } }
        }
    }

    /// Called with the day the user chose (a click, or Space on a day).
    @discardableResult
    public func onDaySelected(_ handler: @escaping @MainActor (CalendarDay) -> Void) -> SignalConnection {
        let changes = changes
        let calendar = self
        return Signals.connect(raw, "day-selected") {
            guard !changes.isChangingFromCode else { return }
            handler(calendar.selectedDay)
        }
    }

    /// Chooses `day` as a click on it would, `onDaySelected` included: for tests.
    package func simulateDaySelection(_ day: CalendarDay) {
        day.withLocalNoon { gtk_calendar_select_day(calendar, $0) }
    }
}

/// A button that opens a `CalendarView` in a popover (GtkMenuButton), to sit
/// at the end of a row ("Last seen" … [calendar icon]); make it the row's
/// activatable widget so a click anywhere on the row opens it. Choosing a day
/// closes the popover and calls `onDaySelected`; each opening shows the day
/// last chosen (or set), not a month browsed and left.
public struct CalendarPopoverButton: Widget {
    public let handle: WidgetHandle
    /// The calendar in the popover.
    public let calendar: CalendarView
    private let popover: UnsafeMutablePointer<GtkWidget>
    private let chosen: ChosenDay

    /// An icon-only button (`iconName`), named for screen readers by
    /// `accessibleLabel` ("Choose the day"), which is also its tooltip.
    public init(
        accessibleLabel: String, calendarLabel: String, selectedDay: CalendarDay = .today,
        iconName: String = "x-office-calendar-symbolic"
    ) {
        handle = WidgetHandle(gtk_menu_button_new())
        calendar = CalendarView(accessibleLabel: calendarLabel, selectedDay: selectedDay)
        popover = gtk_popover_new()!
        chosen = ChosenDay(selectedDay)
        let button = opaque(widgetPointer)
        gtk_menu_button_set_icon_name(button, iconName)
        gtk_popover_set_child(gcast(popover), calendar.widgetPointer)
        gtk_menu_button_set_popover(button, popover)
        setAccessibleLabel(accessibleLabel)
        setTooltip(accessibleLabel)
        // The menu button's inner toggle button is what takes the focus.
        if let toggle = gtk_widget_get_first_child(widgetPointer) { Accessibility.setLabel(toggle, accessibleLabel) }
        setAlign(vertical: .center)  // a button's height in a taller row

        let calendar = calendar
        let chosen = chosen
        let popover = popover
        calendar.onDaySelected { day in
            chosen.day = day
            gtk_popover_popdown(gcast(popover))
        }
        // Opening shows the chosen day again, whatever month was browsed.
        Signals.connect(UnsafeMutableRawPointer(popover), "show") { calendar.selectedDay = chosen.day }
    }

    /// The day last chosen by the user or set from code. Setting it does not
    /// call the `onDaySelected` handlers.
    public var selectedDay: CalendarDay {
        get { chosen.day }
        nonmutating set {
            chosen.day = newValue
            calendar.selectedDay = newValue
        }
    }

    /// Called with the day the user chose in the popover.
    @discardableResult
    public func onDaySelected(_ handler: @escaping @MainActor (CalendarDay) -> Void) -> SignalConnection {
        calendar.onDaySelected(handler)
    }

    /// Opens the popover (the button must be in a shown window).
    public func popup() { gtk_menu_button_popup(opaque(widgetPointer)) }
    /// Closes the popover.
    public func popdown() { gtk_menu_button_popdown(opaque(widgetPointer)) }
    /// Whether the popover is open.
    public var isOpen: Bool { gtk_widget_get_visible(popover) != 0 }
}

/// The day a `CalendarPopoverButton` holds between openings.
@MainActor
private final class ChosenDay {
    var day: CalendarDay
    init(_ day: CalendarDay) { self.day = day }
}
