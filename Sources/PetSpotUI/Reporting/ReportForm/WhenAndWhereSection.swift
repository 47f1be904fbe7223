// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation
import ShumateKit

/// "When and Where": the day the pet was last seen, and the place, picked on
/// the map, taken from the user's location, or typed as coordinates.
@MainActor
final class WhenAndWhereSection: ReportFormSection {
    let group: PreferencesGroup
    private let viewModel: ReportFormViewModel
    private let dateRow = ActionRow(title: tr("Date last seen"))
    private let dateButton: CalendarPopoverButton
    private let place: PlaceInput

    init(viewModel: ReportFormViewModel) {
        self.viewModel = viewModel
        dateButton = CalendarPopoverButton(
            accessibleLabel: tr("Choose the day"), calendarLabel: tr("Date last seen"),
            selectedDay: GtkKit.CalendarDay(viewModel.lastSeenDate))
        dateRow.addSuffix(dateButton)
        dateRow.setActivatableWidget(dateButton)
        place = PlaceInput(model: viewModel, pickerLabel: tr("Where the pet was last seen"), mapHeight: 260)
        group = .reportForm(tr("When and Where"), [dateRow] + place.rows)
        place.addPicker(to: group)

        dateButton.onDaySelected { day in
            if let day = day.domainDay { viewModel.setLastSeenDate(day) }
        }
        place.onUsedMyLocation { [unowned self] in centreMap() }
    }

    func fill() {
        dateButton.selectedDay = GtkKit.CalendarDay(viewModel.lastSeenDate)
    }

    /// The map on the place given, else on the user's location.
    func centreMap() {
        if let coordinate = viewModel.fields.location.coordinate {
            place.picker.setPicked(MapLocation(latitude: coordinate.latitude, longitude: coordinate.longitude))
            // A report being edited: its place at street level, where a correction is made.
            if viewModel.original != nil {
                place.picker.map.goTo(latitude: coordinate.latitude, longitude: coordinate.longitude, zoom: 14)
            }
        } else if let here = viewModel.myLocation {
            place.picker.map.goTo(latitude: here.latitude, longitude: here.longitude, zoom: 12)
        }
    }

    func render() {
        dateRow.subtitle = viewModel.lastSeenDate.formatted(locale: Localization.locale)
        dateRow.errorMessage = viewModel.message(for: .lastSeenDate)
        place.render()
    }
}
