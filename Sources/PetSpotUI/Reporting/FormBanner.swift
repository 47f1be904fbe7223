// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit

/// A message across the top of a form with one way out ("Retry"): libadwaita
/// 1.2 has no AdwBanner. Hidden until `show`; the message is announced as an
/// alert's would be, as its accessible description joins the button's.
@MainActor
final class FormBanner {
    let widget: Box
    private let message = Label("")
    private let action: Button

    init(actionLabel: String) {
        action = Button(label: actionLabel, cssClasses: ["pill"])
        action.setAlign(vertical: .center)
        let icon = Image(iconName: "dialog-warning-symbolic")
        icon.setAlign(vertical: .center)
        message.setWrap(true)
        message.setXAlign(0)
        message.setExpand(horizontal: true)
        widget = Box(.horizontal, spacing: 12, children: [icon, message, action])
        widget.addCSSClass("card")
        widget.addCSSClass("form-banner")
        widget.setMargins(0)
        widget.isVisible = false
    }

    func onAction(_ handler: @escaping @MainActor () -> Void) {
        action.onClicked(handler)
    }

    func show(_ text: String, actionEnabled: Bool = true) {
        if message.text != text {
            message.text = text
            action.setAccessibleDescription(text)
        }
        action.isSensitive = actionEnabled
        widget.isVisible = true
    }

    func hide() { widget.isVisible = false }
}
