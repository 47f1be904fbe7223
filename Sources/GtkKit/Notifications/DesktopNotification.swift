// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// A GNotification: what the desktop shows for the application, also while
/// none of its windows is open. Actions are the application's own
/// (`app.<name>`) with a string target, so activating one reaches the
/// application even when the desktop has to start it again.
public struct DesktopNotification: Sendable {
    public struct Button: Sendable {
        public var label: String
        public var action: String
        public var target: String

        public init(label: String, action: String, target: String) {
            self.label = label
            self.action = action
            self.target = target
        }
    }

    public var title: String
    public var body: String?
    /// A local image file shown as the icon (the report's photo).
    public var iconPath: String?
    /// What clicking the notification itself does; nil activates the application.
    public var defaultAction: (action: String, target: String)?
    public var buttons: [Button]

    public init(
        title: String, body: String? = nil, iconPath: String? = nil,
        defaultAction: (action: String, target: String)? = nil, buttons: [Button] = []
    ) {
        self.title = title
        self.body = body
        self.iconPath = iconPath
        self.defaultAction = defaultAction
        self.buttons = buttons
    }
}

extension Application {
    private var gApplication: UnsafeMutablePointer<GApplication> { gcast(UnsafeMutableRawPointer(gtkApplication)) }

    /// Shows `notification`, replacing any earlier one with the same `id`.
    public func send(_ notification: DesktopNotification, id: String) {
        let gNotification = g_notification_new(notification.title)
        defer { g_object_unref(UnsafeMutableRawPointer(gNotification)) }
        if let body = notification.body { g_notification_set_body(gNotification, body) }
        if let path = notification.iconPath {
            let file = g_file_new_for_path(path)
            let icon = g_file_icon_new(file)
            g_notification_set_icon(gNotification, icon)
            g_object_unref(UnsafeMutableRawPointer(icon))
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        if let (action, target) = notification.defaultAction {
            g_notification_set_default_action_and_target_value(
                gNotification, "app.\(action)", g_variant_new_string(target))
        }
        for button in notification.buttons {
            g_notification_add_button_with_target_value(
                gNotification, button.label, "app.\(button.action)", g_variant_new_string(button.target))
        }
        g_application_send_notification(gApplication, id, gNotification)
    }

    /// Takes back the notification sent with `id`, if the desktop still shows it.
    public func withdrawNotification(id: String) {
        g_application_withdraw_notification(gApplication, id)
    }
}
