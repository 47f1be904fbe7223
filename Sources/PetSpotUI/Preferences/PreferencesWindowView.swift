// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation
import ShumateKit

/// Preferences (Ctrl+,): one page, Alerts. Every change is saved and takes
/// effect at once, as GNOME's preference windows do; there is no Apply.
@MainActor
final class PreferencesWindowView {
    static var title: String { tr("Preferences") }

    let window: PreferencesWindow
    private let alerts: AlertsService
    let enabledSwitch: Switch
    let radius: SpinButton
    let centreRow: ComboRow
    private let picker = LocationPicker(accessibleLabel: tr("Place the alerts are centred on"))
    let statusChecks: [(AnnouncementStatus, CheckButton)]
    let speciesChecks: [(Species, CheckButton)]
    let interval: SpinButton
    private var settingsRows: [any Widget] = []

    init(transientFor parent: (any Toplevel)?, alerts: AlertsService, myLocation: Coordinate?) {
        self.alerts = alerts
        let settings = alerts.settings
        window = PreferencesWindow(transientFor: parent)
        window.title = Self.title

        let switchTitle = tr("Notify me about new reports near me")
        // Named by its row, which it activates.
        enabledSwitch = Switch(accessibleLabel: nil, isOn: settings.isEnabled)
        let switchRow = ActionRow(
            title: switchTitle,
            subtitle: tr("Also while the window is closed, and after you log in"))
        switchRow.addSuffix(enabledSwitch)
        switchRow.setActivatableWidget(enabledSwitch)

        radius = SpinButton(
            range: AlertSettings.radiusRange, value: settings.radiusKilometres,
            accessibleLabel: nil)
        let radiusRow = ActionRow(title: tr("Radius"), subtitle: tr("Kilometres around the centre"))
        radiusRow.addSuffix(radius)
        radiusRow.setActivatableWidget(radius)

        let isPlace: Bool
        if case .place = settings.centre { isPlace = true } else { isPlace = false }
        centreRow = ComboRow(
            title: tr("Centre"), items: [tr("My location"), tr("A place on the map")], selectedIndex: isPlace ? 1 : 0)
        picker.setSizeRequest(height: 240)
        picker.setMargins(top: 12)
        if case .place(let place) = settings.centre {
            picker.setPicked(MapLocation(latitude: place.latitude, longitude: place.longitude))
            picker.map.goTo(latitude: place.latitude, longitude: place.longitude, zoom: 11)
        } else if let myLocation {
            picker.map.goTo(latitude: myLocation.latitude, longitude: myLocation.longitude, zoom: 11)
        }
        picker.isVisible = isPlace

        interval = SpinButton(
            range: AlertSettings.checkIntervalRange, value: settings.checkIntervalMinutes,
            accessibleLabel: nil)
        let intervalRow = ActionRow(title: tr("Check every"), subtitle: tr("Minutes between checks"))
        intervalRow.addSuffix(interval)
        intervalRow.setActivatableWidget(interval)

        let alertsGroup = PreferencesGroup(
            title: tr("Alerts"), description: tr("A notification for each new lost or found pet nearby."))
        alertsGroup.add(switchRow)
        alertsGroup.add(radiusRow)
        alertsGroup.add(intervalRow)
        // Last, so the map below the list sits right under the choice it serves.
        alertsGroup.add(centreRow)
        alertsGroup.add(picker)

        let statusesGroup = PreferencesGroup(title: tr("Reports to notify"))
        statusChecks = AlertSettings.choosableStatuses.map { status in
            let title = status == .lost ? tr("Lost pets") : tr("Found pets")
            let check = CheckButton(accessibleLabel: nil)
            check.isActive = settings.statuses.contains(status)
            let row = ActionRow(title: title)
            row.addPrefix(check)
            row.setActivatableWidget(check)
            statusesGroup.add(row)
            return (status, check)
        }
        let speciesGroup = PreferencesGroup(title: tr("Species to notify"))
        speciesChecks = Species.allCases.map { species in
            let check = CheckButton(accessibleLabel: nil)
            check.isActive = settings.species.contains(species)
            let row = ActionRow(title: species.displayName)
            row.addPrefix(check)
            row.setActivatableWidget(check)
            speciesGroup.add(row)
            return (species, check)
        }
        settingsRows = [radiusRow, centreRow, intervalRow, picker, statusesGroup, speciesGroup]

        let page = PreferencesPage(groups: [alertsGroup, statusesGroup, speciesGroup])
        window.add(page, title: tr("Alerts"), iconName: "preferences-system-notifications-symbolic")
        window.keepAlive(self)
        renderSensitivity()

        enabledSwitch.onToggled { [unowned self] in changed() }
        radius.onValueChanged { [unowned self] in changed() }
        interval.onValueChanged { [unowned self] in changed() }
        centreRow.onSelected { [unowned self] _ in
            picker.isVisible = centreRow.selectedIndex == 1
            changed()
        }
        picker.onPicked { [unowned self] _ in changed() }
        for (_, check) in statusChecks { check.onToggled { [unowned self] in changed() } }
        for (_, check) in speciesChecks { check.onToggled { [unowned self] in changed() } }
    }

    func present() { window.present() }

    /// The settings as the window shows them, saved and applied.
    private func changed() {
        var settings = alerts.settings
        settings.isEnabled = enabledSwitch.isOn
        settings.radiusKilometres = radius.value
        settings.checkIntervalMinutes = interval.value
        if centreRow.selectedIndex == 1, let picked = picker.pickedLocation,
            let place = Coordinate(latitude: picked.latitude, longitude: picked.longitude)
        {
            settings.centre = .place(place)
        } else if centreRow.selectedIndex != 1 {
            settings.centre = .myLocation
        }
        settings.statuses = Set(statusChecks.filter { $0.1.isActive }.map(\.0))
        settings.species = Set(speciesChecks.filter { $0.1.isActive }.map(\.0))
        guard settings != alerts.settings else { return }
        alerts.update(settings)
        renderSensitivity()
    }

    /// The details only matter while alerts are on.
    private func renderSensitivity() {
        for row in settingsRows { row.isSensitive = enabledSwitch.isOn }
    }
}
