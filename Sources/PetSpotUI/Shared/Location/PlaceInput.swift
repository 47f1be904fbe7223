// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation
import ShumateKit

/// Where the pet was, as both forms ask it: the Place row with Use My
/// Location, the latitude and longitude rows, and the map picker under them.
/// The form puts `rows` in one of its groups and then `addPicker(to:)` it.
@MainActor
final class PlaceInput {
    /// Place, Latitude, Longitude, in this order.
    let rows: [any Widget]
    let picker: LocationPicker
    private let model: any PlaceInputModel
    private let placeRow = ActionRow(title: tr("Place"))
    private let useMyLocation = Button(
        label: tr("Use My Location"), iconName: "find-location-symbolic", cssClasses: ["flat"])
    private let latitude = EntryRow(
        title: tr("Latitude"), purpose: .number, maxLength: ReportFormValues.coordinateMaximumLength)
    private let longitude = EntryRow(
        title: tr("Longitude"), purpose: .number, maxLength: ReportFormValues.coordinateMaximumLength)

    private var usedMyLocation: @MainActor () -> Void = {}

    /// - Parameters:
    ///   - pickerLabel: the map picker's accessible name.
    ///   - mapHeight: the map's height in pixels.
    init(model: any PlaceInputModel, pickerLabel: String, mapHeight: Int32) {
        self.model = model
        picker = LocationPicker(accessibleLabel: pickerLabel)
        rows = [placeRow, latitude, longitude]
        placeRow.addSuffix(useMyLocation)
        useMyLocation.setAlign(horizontal: .end)
        picker.setSizeRequest(height: mapHeight)
        picker.setMargins(top: 12)

        picker.onPicked { location in
            if let coordinate = Coordinate(latitude: location.latitude, longitude: location.longitude) {
                model.pickLocation(coordinate)
            }
        }
        useMyLocation.onClicked { [weak self] in
            model.useMyLocation()
            self?.usedMyLocation()
        }
        latitude.onChanged { model.setLatitudeText($0) }
        longitude.onChanged { model.setLongitudeText($0) }
    }

    /// Runs `action` once "Use My Location" gave the place: each form moves
    /// its map its own way.
    func onUsedMyLocation(_ action: @escaping @MainActor () -> Void) {
        usedMyLocation = action
    }

    /// The map picker at the end of `group`, under the rows.
    func addPicker(to group: PreferencesGroup) {
        group.add(picker)
    }

    func render() {
        let location = model.location
        latitude.text = location.latitudeText
        longitude.text = location.longitudeText
        latitude.errorMessage = model.latitudeMessage
        longitude.errorMessage = model.longitudeMessage
        placeRow.subtitle =
            location.coordinate == nil
            ? tr("Click the map, use your location, or type the coordinates")
            : location.source?.displayName ?? ""
        placeRow.errorMessage = location.coordinate == nil ? model.locationMessage : nil
        useMyLocation.isSensitive = model.canUseMyLocation
        let picked = location.coordinate.map { MapLocation(latitude: $0.latitude, longitude: $0.longitude) }
        if picked != picker.pickedLocation { picker.setPicked(picked, centring: location.source != .map) }
    }
}
