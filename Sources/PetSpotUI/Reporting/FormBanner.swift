// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit

/// A message across the top of a form with one way out ("Retry"), or two
/// (the other, such as "Send When Online", shown only when offered):
/// libadwaita 1.2 has no AdwBanner. Hidden until `show`; the message is
/// announced as an alert's would be, as its accessible description joins the
/// buttons'.
@MainActor
final class FormBanner {
    let widget: Box
    private let message = Label("")
    private let action: Button
    private let otherAction: Button?

    init(actionLabel: String, otherActionLabel: String? = nil) {
        action = Button(label: actionLabel, cssClasses: ["pill"])
        action.setAlign(vertical: .center)
        otherAction = otherActionLabel.map { Button(label: $0, cssClasses: ["pill"]) }
        otherAction?.setAlign(vertical: .center)
        otherAction?.isVisible = false
        let icon = Image(iconName: "dialog-warning-symbolic")
        icon.setAlign(vertical: .center)
        message.setWrap(true)
        message.setXAlign(0)
        message.setExpand(horizontal: true)
        var children: [any Widget] = [icon, message]
        if let otherAction { children.append(otherAction) }
        children.append(action)
        widget = Box(.horizontal, spacing: 12, children: children)
        widget.addCSSClass("card")
        widget.addCSSClass("form-banner")
        widget.setMargins(0)
        widget.isVisible = false
    }

    func onAction(_ handler: @escaping @MainActor () -> Void) {
        action.onClicked(handler)
    }

    func onOtherAction(_ handler: @escaping @MainActor () -> Void) {
        otherAction?.onClicked(handler)
    }

    /// Shows `text`; the other action only when `otherActionShown`.
    func show(_ text: String, actionEnabled: Bool = true, otherActionShown: Bool = false) {
        if message.text != text {
            message.text = text
            action.setAccessibleDescription(text)
            otherAction?.setAccessibleDescription(text)
        }
        action.isSensitive = actionEnabled
        otherAction?.isVisible = otherActionShown
        widget.isVisible = true
    }

    func hide() { widget.isVisible = false }
}
