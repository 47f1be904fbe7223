// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation

/// "Contact": a phone number, an email address, or both, and the reward.
@MainActor
final class ContactSection: ReportFormSection {
    let group: PreferencesGroup
    private let viewModel: ReportFormViewModel
    private let phone = EntryRow(title: tr("Phone"), purpose: .phone, maxLength: ContactSection.limit(.phone))
    private let email = EntryRow(title: tr("Email"), purpose: .email, maxLength: ContactSection.limit(.email))
    private let reward = EntryRow(title: tr("Reward"), maxLength: ContactSection.limit(.reward))

    init(viewModel: ReportFormViewModel) {
        self.viewModel = viewModel
        group = .reportForm(
            tr("Contact"), [phone, email, reward],
            description: tr("Give a phone number, an email address, or both."))
        phone.onChanged { viewModel.setPhone($0) }
        email.onChanged { viewModel.setEmail($0) }
        reward.onChanged { viewModel.setReward($0) }
    }

    func fill() {
        let fields = viewModel.fields
        phone.text = fields.phone
        email.text = fields.email
        reward.text = fields.reward
    }

    func render() {
        // "Give a phone number or an email address" sits on the first contact row.
        phone.errorMessage = viewModel.message(for: .phone) ?? viewModel.message(for: .contact)
        email.errorMessage = viewModel.message(for: .email)
        reward.errorMessage = viewModel.message(for: .reward)
    }
}
