// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// "Offline — showing reports from 14:05" with Retry, above the reports of
/// Home, Reports and the Map while they come from the offline cache; it
/// goes when the backend answers again. libadwaita 1.2 has no AdwBanner: a
/// revealer (it slides in) and a box styled as a card stand in for it. Hidden,
/// it is invisible too, so it leaves no spacing or margins behind.
@MainActor
final class OfflineBanner {
    let root: Revealer
    private let message = Label("")
    private let retry = Button(label: tr("Retry"), cssClasses: ["pill"])

    init(status: OfflineStatus, onRetry: @escaping @MainActor () -> Void) {
        let icon = Image(iconName: "network-offline-symbolic")
        icon.setAlign(vertical: .center)
        message.setWrap(true)
        message.setXAlign(0)
        message.setExpand(horizontal: true)
        retry.setAlign(vertical: .center)
        retry.onClicked(onRetry)
        let box = Box(.horizontal, spacing: 12, children: [icon, message, retry])
        box.addCSSClass("card")
        box.addCSSClass("offline-banner")
        box.makeAccessibleGroup(named: tr("Offline"))
        root = Revealer(child: box)
        root.isVisible = false
        root.bind { [unowned self] in render(status) }
        root.keepAlive(self)
    }

    private func render(_ status: OfflineStatus) {
        guard let text = status.bannerText() else {
            root.isRevealed = false
            root.isVisible = false
            return
        }
        if message.text != text {
            message.text = text
            // A screen reader on Retry hears why it is there.
            retry.setAccessibleDescription(text)
        }
        root.isVisible = true
        root.isRevealed = true
    }
}
