// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// The details page's "Sightings" (docs/BEHAVIOUR.md §1.4): I Saw This Pet,
/// then the report's sightings newest first, each numbered as its mark on
/// the map, with when, how far from where the pet was last seen, and the
/// note; "No sightings yet" when there are none. Hidden entirely when the
/// backend has no sightings.
@MainActor
final class SightingsSection {
    let root = Box(.vertical, spacing: 6)

    private let viewModel: SightingsViewModel?
    private let reportButton = Button(
        label: tr("I Saw This Pet"), iconName: "find-location-symbolic", cssClasses: ["pill", "suggested-action"])
    private let spinner = Spinner(accessibleLabel: tr("Loading sightings"))
    private let emptyLabel = Label(tr("No sightings yet"), cssClasses: ["dim-label"])
    private let failure = FormBanner(actionLabel: tr("Retry"))
    private let list = BoxedList(accessibleLabel: tr("Sightings"))
    /// One row per sighting shown so far, reused when the list changes.
    private var rows: [(row: ActionRow, number: Label)] = []
    private var form: SightingFormWindow?
    /// Says something briefly (a toast): that a sighting was sent.
    private let announce: @MainActor (String) -> Void

    init(viewModel: SightingsViewModel?, announce: @escaping @MainActor (String) -> Void = { _ in }) {
        self.viewModel = viewModel
        self.announce = announce
        emptyLabel.setXAlign(0)
        reportButton.setAlign(horizontal: .center)
        root.append(reportButton)
        root.append(Label(tr("Sightings"), cssClasses: ["heading"]).configured { $0.setXAlign(0) })
        root.append(spinner)
        root.append(failure.widget)
        root.append(emptyLabel)
        root.append(list)
        root.makeAccessibleGroup(named: tr("Sightings"))
        root.isVisible = false
        root.keepAlive(self)
        guard let viewModel else { return }
        reportButton.onClicked { [unowned self] in openForm() }
        failure.onAction { viewModel.retry() }
        root.bind { [unowned self] in render() }
    }

    private func openForm() {
        guard let viewModel, let formModel = viewModel.makeForm() else { return }
        form?.window.close()
        let window = SightingFormWindow(viewModel: formModel, transientFor: root.enclosingWindow) {
            [weak self] in
            guard let self else { return }
            form = nil
            if case .sent = formModel.state { announce(tr("Thank you: your sighting was sent")) }
        }
        form = window
        window.present()
    }

    private func render() {
        guard let viewModel else { return }
        reportButton.isVisible = viewModel.canReport
        switch viewModel.state {
        case .hidden:
            root.isVisible = false
            return
        case .loading:
            spinner.isVisible = true
            spinner.isSpinning = true
            failure.hide()
            emptyLabel.isVisible = false
            show([])
        case .failed(let message):
            spinner.isVisible = false
            failure.show(tr("Sightings could not be loaded. {reason}", ["reason": message]))
            emptyLabel.isVisible = false
            show([])
        case .loaded(let sightings):
            spinner.isVisible = false
            failure.hide()
            emptyLabel.isVisible = sightings.isEmpty
            show(sightings)
        }
        root.isVisible = true
    }

    private func show(_ sightings: [SightingRow]) {
        while rows.count < sightings.count {
            let number = Label("", cssClasses: ["sighting-number"])
            number.setAlign(vertical: .center)
            let row = ActionRow(title: "")
            row.addPrefix(number)
            list.append(row)
            rows.append((row, number))
        }
        for (index, entry) in rows.enumerated() {
            guard index < sightings.count else {
                entry.row.isVisible = false
                continue
            }
            let sighting = sightings[index]
            entry.number.text = String(sighting.number)
            entry.row.title = sighting.time
            entry.row.subtitle = [sighting.distance, sighting.note, sighting.contact].compactMap { $0 }.joined(
                separator: "\n")
            entry.row.setAccessibleLabel(
                tr(
                    "Sighting {number}: {details}",
                    ["number": String(sighting.number), "details": sighting.accessibleName]))
            entry.row.isVisible = true
        }
        list.isVisible = !sightings.isEmpty
    }
}
