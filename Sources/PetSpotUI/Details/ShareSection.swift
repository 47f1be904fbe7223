// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import PetSpotPresentation

/// The details page's "Share" section: **Copy Link** (only when the backend
/// serves the report's page) and **Email…**, a short summary through the
/// desktop's mail client, then any other ways to share the page gives it
/// (Print Poster…), wrapping to more lines in a narrow window.
@MainActor
final class ShareSection {
    /// The section, to place in the page; hidden until a report is shown.
    let root = Box(.vertical, spacing: 6)
    private let copyLinkButton = Button(label: tr("Copy Link"), iconName: "edit-copy-symbolic", cssClasses: ["pill"])
    private let emailButton = Button(label: tr("Email…"), iconName: "mail-send-symbolic", cssClasses: ["pill"])
    private let share: ReportShareViewModel

    init(
        details: PetDetailsViewModel, share: ReportShareViewModel, coordinator: ReportsCoordinator,
        moreButtons: [any Widget] = []
    ) {
        self.share = share
        root.append(Label(tr("Share"), cssClasses: ["heading"]).configured { $0.setXAlign(0) })
        copyLinkButton.setTooltip(tr("Copy the link to this report's web page"))
        emailButton.setTooltip(tr("Write an email about this pet"))
        let buttons = WrappingBox(
            spacing: 12, maximumPerLine: 3, children: [copyLinkButton, emailButton] + moreButtons)
        buttons.setAlign(horizontal: .center)
        root.append(buttons)
        root.makeAccessibleGroup(named: tr("Share"))
        root.isVisible = false
        root.keepAlive(self)

        copyLinkButton.onClicked { [unowned self] in
            guard let url = self.share.pageURL else { return }
            root.copyToClipboard(url.absoluteString)
            coordinator.announce(tr("Link copied"))
        }
        emailButton.onClicked { [unowned self] in
            if let uri = self.share.emailURI { emailButton.openURI(uri) }
        }
        // The report the page shows is the one to share.
        root.bind { [unowned share] in
            if case .loaded(let shown) = details.state { share.show(shown) } else { share.show(nil) }
        }
        root.bind { [unowned self] in render() }
    }

    private func render() {
        root.isVisible = share.details != nil
        copyLinkButton.isVisible = share.canCopyLink
    }
}
