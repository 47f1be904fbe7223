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
    private let placeRow = ActionRow(title: tr("Place"))
    private let picker = LocationPicker(accessibleLabel: tr("Where the pet was last seen"))
    private let useMyLocation = Button(
        label: tr("Use My Location"), iconName: "find-location-symbolic", cssClasses: ["flat"])
    private let latitude = EntryRow(
        title: tr("Latitude"), purpose: .number, maxLength: ReportFormValues.coordinateMaximumLength)
    private let longitude = EntryRow(
        title: tr("Longitude"), purpose: .number, maxLength: ReportFormValues.coordinateMaximumLength)

    init(viewModel: ReportFormViewModel) {
        self.viewModel = viewModel
        dateButton = CalendarPopoverButton(
            accessibleLabel: tr("Choose the day"), calendarLabel: tr("Date last seen"),
            selectedDay: GtkKit.CalendarDay(viewModel.lastSeenDate))
        dateRow.addSuffix(dateButton)
        dateRow.setActivatableWidget(dateButton)
        picker.setSizeRequest(height: 260)
        picker.setMargins(top: 12)
        useMyLocation.setAlign(horizontal: .end)
        group = .reportForm(tr("When and Where"), [dateRow, placeRow, latitude, longitude])
        placeRow.addSuffix(useMyLocation)
        group.add(picker)

        dateButton.onDaySelected { day in
            if let day = day.domainDay { viewModel.setLastSeenDate(day) }
        }
        picker.onPicked { location in
            if let coordinate = Coordinate(latitude: location.latitude, longitude: location.longitude) {
                viewModel.pickLocation(coordinate)
            }
        }
        useMyLocation.onClicked { [unowned self] in
            viewModel.useMyLocation()
            centreMap()
        }
        latitude.onChanged { viewModel.setLatitudeText($0) }
        longitude.onChanged { viewModel.setLongitudeText($0) }
    }

    func fill() {
        dateButton.selectedDay = GtkKit.CalendarDay(viewModel.lastSeenDate)
    }

    /// The map on the place given, else on the user's location.
    func centreMap() {
        if let coordinate = viewModel.fields.location.coordinate {
            picker.setPicked(MapLocation(latitude: coordinate.latitude, longitude: coordinate.longitude))
            // A report being edited: its place at street level, where a correction is made.
            if viewModel.original != nil {
                picker.map.goTo(latitude: coordinate.latitude, longitude: coordinate.longitude, zoom: 14)
            }
        } else if let here = viewModel.myLocation {
            picker.map.goTo(latitude: here.latitude, longitude: here.longitude, zoom: 12)
        }
    }

    func render() {
        dateRow.subtitle = viewModel.lastSeenDate.formatted(locale: Localization.locale)
        dateRow.errorMessage = viewModel.message(for: .lastSeenDate)
        let location = viewModel.fields.location
        latitude.text = location.latitudeText
        longitude.text = location.longitudeText
        latitude.errorMessage = viewModel.message(for: .locationLatitude)
        longitude.errorMessage = viewModel.message(for: .locationLongitude)
        placeRow.subtitle =
            location.coordinate == nil
            ? tr("Click the map, use your location, or type the coordinates")
            : location.source?.displayName ?? ""
        placeRow.errorMessage = location.coordinate == nil ? viewModel.locationMessage : nil
        useMyLocation.isSensitive = viewModel.canUseMyLocation
        let picked = location.coordinate.map { MapLocation(latitude: $0.latitude, longitude: $0.longitude) }
        if picked != picker.pickedLocation { picker.setPicked(picked, centring: location.source != .map) }
    }
}
