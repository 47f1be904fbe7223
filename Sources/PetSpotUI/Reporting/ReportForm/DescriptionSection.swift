// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// The description, a text of several lines, in a group of its own.
@MainActor
final class DescriptionSection: ReportFormSection {
    let group: PreferencesGroup
    private let viewModel: ReportFormViewModel
    private let descriptionRow = TextViewRow(title: tr("Description"))

    init(viewModel: ReportFormViewModel) {
        self.viewModel = viewModel
        group = .reportForm(nil, [descriptionRow])
        descriptionRow.onChanged { viewModel.setDescription($0) }
    }

    func fill() {
        descriptionRow.text = viewModel.fields.description
    }

    func render() {
        descriptionRow.errorMessage = viewModel.message(for: .description)
    }
}
