// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation
import ShumateKit

/// I Saw This Pet (docs/BEHAVIOUR.md §1.4): a small window modelled on the
/// report form. When (the day and the time, now by default), where (the map
/// picker the report form uses, Use My Location, or the coordinates), a note
/// and an optional contact; Send and Cancel in the header, problems on their
/// rows, a failure across the top with Retry. It closes once the sighting is
/// stored, which the details page then lists.
@MainActor
final class SightingFormWindow {
    let window: Window
    private let viewModel: SightingFormViewModel
    private let sendButton = Button(label: tr("Send"), cssClasses: ["suggested-action"])
    private let failure = FormBanner(actionLabel: tr("Retry"))
    private let form = Box(.vertical, spacing: 24)
    private let dayRow = ActionRow(title: tr("Day seen"))
    private let dayButton: CalendarPopoverButton
    private let timeRow = EntryRow(title: tr("Time seen (HH:MM)"), maxLength: 5)
    private let place: PlaceInput
    private let noteRow = TextViewRow(title: tr("What did you see? (optional)"), minimumHeight: 72)
    private let contactRow = EntryRow(
        title: tr("Your email or phone (optional)"), maxLength: SightingRules.contactMaximumLength)
    private var onClosed: (@MainActor () -> Void)?

    init(
        viewModel: SightingFormViewModel, transientFor parent: (any Toplevel)?,
        onClosed: @escaping @MainActor () -> Void
    ) {
        self.viewModel = viewModel
        self.onClosed = onClosed
        window = Window(
            title: tr("I Saw This Pet"), transientFor: parent, width: 520, height: 720, showsWindowButtons: false)
        dayButton = CalendarPopoverButton(
            accessibleLabel: tr("Choose the day"), calendarLabel: tr("Day seen"),
            selectedDay: GtkKit.CalendarDay(viewModel.day))
        place = PlaceInput(model: viewModel, pickerLabel: tr("Where the pet was seen"), mapHeight: 240)
        let cancel = Button(label: tr("Cancel"))
        window.headerBar.packStart(cancel)
        window.headerBar.packEnd(sendButton)

        let intro = Label(
            viewModel.petName.isEmpty
                ? tr("Tell the owner when and where you saw this pet.")
                : tr("Tell the owner when and where you saw {name}.", ["name": viewModel.petName]))
        intro.setWrap(true)
        intro.setXAlign(0)

        dayRow.addSuffix(dayButton)
        dayRow.setActivatableWidget(dayButton)
        timeRow.text = viewModel.timeText
        let when = PreferencesGroup.reportForm(tr("When"), [dayRow, timeRow])

        let whereGroup = PreferencesGroup.reportForm(tr("Where"), place.rows)
        place.addPicker(to: whereGroup)

        let details = PreferencesGroup.reportForm(tr("Details"), [noteRow, contactRow])

        form.setMargins(top: 12, bottom: 24, start: 12, end: 12)
        for part in [intro, failure.widget, when, whereGroup, details] as [any Widget] { form.append(part) }
        let scrolled = ScrolledWindow(
            accessibleLabel: tr("Sighting form"), child: Clamp(child: form, maximumWidth: 600))
        window.setContent(scrolled)

        let window = window
        cancel.onClicked { window.close() }
        sendButton.onClicked { viewModel.send() }
        failure.onAction { viewModel.retry() }
        dayButton.onDaySelected { day in
            if let day = day.domainDay { viewModel.setDay(day) }
        }
        timeRow.onChanged { viewModel.setTimeText($0) }
        place.onUsedMyLocation { [unowned self] in
            if let here = viewModel.myLocation {
                place.picker.map.goTo(latitude: here.latitude, longitude: here.longitude, zoom: 15)
            }
        }
        noteRow.onChanged { viewModel.setNote($0) }
        contactRow.onChanged { viewModel.setContact($0) }
        window.onCloseRequest {
            // The answer must find the form open, or the sighting could be sent twice.
            viewModel.state == .sending ? .keepOpen : .close
        }
        window.onDestroy { [unowned self] in
            self.onClosed?()
            self.onClosed = nil
        }
        window.keepAlive(self)
        // Where the pet was last seen, at street level: sightings are near it.
        place.picker.map.goTo(
            latitude: viewModel.lastSeenAt.latitude, longitude: viewModel.lastSeenAt.longitude, zoom: 14)
        window.bind { [unowned self] in render() }
    }

    func present() {
        window.present()
    }

    private func render() {
        dayRow.subtitle = viewModel.day.formatted(locale: Localization.locale)
        dayRow.errorMessage = viewModel.message(for: .seenAt)
        timeRow.errorMessage = viewModel.message(for: .seenAt)
        place.render()
        noteRow.errorMessage = viewModel.message(for: .note)
        contactRow.errorMessage = viewModel.message(for: .contact)
        form.isSensitive = viewModel.isEditable
        sendButton.isSensitive = viewModel.canSend

        switch viewModel.state {
        case .editing:
            sendButton.setBusy(false)
            failure.hide()
        case .sending:
            sendButton.setBusy(true, label: tr("Sending…"))
            failure.hide()
        case .failed(let message):
            sendButton.setBusy(false)
            failure.show(message)
        case .sent:
            sendButton.setBusy(false)
            window.close()
        }
    }
}
