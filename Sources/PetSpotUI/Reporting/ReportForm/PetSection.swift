// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// "Pet": its name, species, breed, sex, age and microchip number.
@MainActor
final class PetSection: ReportFormSection {
    let group: PreferencesGroup
    private let viewModel: ReportFormViewModel
    private let petName = EntryRow(
        title: tr("Pet name"), hints: [.uppercaseWords], maxLength: PetSection.limit(.petName))
    private let species = ComboRow(title: tr("Species"), items: ReportFormViewModel.speciesChoices.map(\.displayName))
    private let breed = EntryRow(title: tr("Breed"), maxLength: PetSection.limit(.breed))
    private let sex = ComboRow(
        title: tr("Sex"), items: ReportFormViewModel.sexChoices.map(\.displayName), selectedIndex: 2)
    private let age = EntryRow(
        title: tr("Age in years"), purpose: .digits, maxLength: ReportFormValues.ageMaximumLength)
    private let microchip = EntryRow(
        title: tr("Microchip number"), purpose: .digits, maxLength: PetSection.limit(.microchipNumber))

    init(viewModel: ReportFormViewModel) {
        self.viewModel = viewModel
        group = .reportForm(tr("Pet"), [petName, species, breed, sex, age, microchip])
        petName.onChanged { viewModel.setPetName($0) }
        species.onSelected { index in viewModel.setSpecies(ReportFormViewModel.speciesChoices[index]) }
        breed.onChanged { viewModel.setBreed($0) }
        sex.onSelected { index in viewModel.setSex(ReportFormViewModel.sexChoices[index]) }
        age.onChanged { viewModel.setAge($0) }
        microchip.onChanged { viewModel.setMicrochipNumber($0) }
    }

    func fill() {
        let fields = viewModel.fields
        petName.text = fields.petName
        species.selectedIndex = fields.species.flatMap { ReportFormViewModel.speciesChoices.firstIndex(of: $0) }
        breed.text = fields.breed
        sex.selectedIndex = ReportFormViewModel.sexChoices.firstIndex(of: fields.sex)
        age.text = fields.age
        microchip.text = fields.microchipNumber
    }

    func render() {
        petName.errorMessage = viewModel.message(for: .petName)
        species.errorMessage = viewModel.message(for: .species)
        breed.errorMessage = viewModel.message(for: .breed)
        sex.errorMessage = viewModel.message(for: .sex)
        age.errorMessage = viewModel.message(for: .age)
        microchip.errorMessage = viewModel.message(for: .microchipNumber)
    }
}
