// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// Lost or Found, first of all, in a group of its own.
@MainActor
final class ReportTypeSection: ReportFormSection {
    let group: PreferencesGroup
    private let viewModel: ReportFormViewModel
    private let statusChoice = ToggleGroup(
        options: ReportFormViewModel.statusChoices.map(\.displayName), accessibleLabel: tr("Report type"),
        selectedIndex: 0)

    init(viewModel: ReportFormViewModel) {
        self.viewModel = viewModel
        group = .reportForm(nil, [statusChoice])
        statusChoice.onSelected { index in viewModel.setStatus(ReportFormViewModel.statusChoices[index]) }
    }

    func fill() {
        statusChoice.selectedIndex = ReportFormViewModel.statusChoices.firstIndex(of: viewModel.fields.status)
    }

    func render() {}
}
