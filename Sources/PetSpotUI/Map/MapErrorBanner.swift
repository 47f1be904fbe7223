// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotPresentation

/// A small banner over the map when a refresh failed: the pins already shown
/// stay, and Retry asks again.
@MainActor
struct MapErrorBanner {
    let root = Box(.horizontal, spacing: 12, cssClasses: ["map-banner"])
    private let message = Label("")

    init(onRetry: @escaping @MainActor () -> Void) {
        root.makeAccessibleGroup(named: tr("Map error"))
        // One short line; a narrow window ellipsizes it rather than growing the banner.
        message.setEllipsizeEnd()
        message.setXAlign(0)
        let retry = Button(label: tr("Retry"), cssClasses: ["pill", "suggested-action"])
        retry.onClicked(onRetry)
        retry.setAlign(vertical: .center)
        root.append(Image(iconName: "network-error-symbolic"))
        root.append(message)
        root.append(retry)
        root.isVisible = false
    }

    /// Shows `text`, or hides the banner for nil.
    func show(_ text: String?) {
        message.text = text ?? ""
        message.setTooltip(text)
        root.isVisible = text != nil
    }
}
