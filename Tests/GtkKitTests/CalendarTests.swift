// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit
import GtkKit
import XCTest

/// CalendarDay, CalendarView and CalendarPopoverButton.
final class CalendarTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
    }

    func testOnlyRealDaysExist() {
        XCTAssertNotNil(CalendarDay(year: 2024, month: 2, day: 29))
        XCTAssertNil(CalendarDay(year: 2025, month: 2, day: 29))
        XCTAssertNil(CalendarDay(year: 2025, month: 13, day: 1))
        XCTAssertNil(CalendarDay(year: 2025, month: 4, day: 31))
        XCTAssertNil(CalendarDay(year: 0, month: 1, day: 1))
        XCTAssertEqual(CalendarDay(year: 2025, month: 11, day: 5)?.description, "2025-11-05")
        XCTAssertLessThan(CalendarDay(year: 2025, month: 1, day: 31)!, CalendarDay(year: 2025, month: 2, day: 1)!)
        XCTAssertEqual(CalendarDay("2024-02-29"), CalendarDay(year: 2024, month: 2, day: 29))
        for text in ["2025-02-29", "2025-2-01", "2025-02-01T00:00", "+025-02-01", "", "2025--2-01"] {
            XCTAssertNil(CalendarDay(text), text)
        }
    }

    func testTheCalendarShowsTheDaySetAndReportsOnlyTheUsersChoice() {
        MainActor.assumeIsolated {
            let november15 = CalendarDay(year: 2025, month: 11, day: 15)!
            let calendar = CalendarView(accessibleLabel: "Last seen", selectedDay: november15)
            g_object_ref_sink(calendar.raw)
            defer { g_object_unref(calendar.raw) }
            XCTAssertEqual(calendar.selectedDay, november15)
            XCTAssertEqual(calendar.accessibleLabel, "Last seen")
            var chosen: [CalendarDay] = []
            calendar.onDaySelected { chosen.append($0) }

            let march1 = CalendarDay(year: 2024, month: 3, day: 1)!
            calendar.selectedDay = march1
            XCTAssertEqual(calendar.selectedDay, march1)
            XCTAssertEqual(chosen, [], "set from code")

            let march9 = CalendarDay(year: 2024, month: 3, day: 9)!
            calendar.simulateDaySelection(march9)
            XCTAssertEqual(chosen, [march9])
            XCTAssertEqual(calendar.selectedDay, march9)
        }
    }

    func testThePopoverButtonClosesOnAChoiceAndReopensOnTheChosenDay() {
        MainActor.assumeIsolated {
            let november15 = CalendarDay(year: 2025, month: 11, day: 15)!
            let button = CalendarPopoverButton(
                accessibleLabel: "Choose the day", calendarLabel: "Last seen", selectedDay: november15)
            let window = PlainWindow.showing(button, width: 400, height: 400)
            defer { window.destroy() }
            XCTAssertEqual(button.accessibleLabel, "Choose the day")
            XCTAssertEqual(button.tooltip, "Choose the day")
            var chosen: [CalendarDay] = []
            button.onDaySelected { chosen.append($0) }
            XCTAssertTrue(runMainLoop(until: { button.isMapped }))

            button.popup()
            XCTAssertTrue(runMainLoop(until: { button.isOpen && button.calendar.isMapped }))
            let november20 = CalendarDay(year: 2025, month: 11, day: 20)!
            button.calendar.simulateDaySelection(november20)
            XCTAssertEqual(chosen, [november20])
            XCTAssertEqual(button.selectedDay, november20)
            XCTAssertTrue(runMainLoop(until: { !button.isOpen }), "a choice closes the popover")

            // Browsing months moves GTK's day; reopening shows the chosen one again.
            button.calendar.selectedDay = CalendarDay(year: 2026, month: 1, day: 20)!
            button.popup()
            XCTAssertTrue(runMainLoop(until: { button.isOpen }))
            XCTAssertEqual(button.calendar.selectedDay, november20)
            XCTAssertEqual(chosen, [november20])
            button.popdown()
            XCTAssertTrue(runMainLoop(until: { !button.isOpen }))

            button.selectedDay = november15
            XCTAssertEqual(button.calendar.selectedDay, november15)
            XCTAssertEqual(chosen, [november20], "set from code")
        }
    }

    func testActivatingARowOpensItsCalendar() {
        MainActor.assumeIsolated {
            let row = ActionRow(title: "Last seen", subtitle: "15 November 2025")
            let button = CalendarPopoverButton(accessibleLabel: "Choose the day", calendarLabel: "Last seen")
            row.addSuffix(button)
            row.setActivatableWidget(button)
            let list = BoxedList(accessibleLabel: "Report")
            list.append(row)
            let window = PlainWindow.showing(list, width: 400, height: 400)
            defer { window.destroy() }
            XCTAssertTrue(runMainLoop(until: { button.isMapped }))
            row.activate()
            XCTAssertTrue(runMainLoop(until: { button.isOpen }), "the row opens the popover")
            button.popdown()
        }
    }
}
