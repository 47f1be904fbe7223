// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

public struct ApplicationWindow: Widget {
    public let handle: WidgetHandle
    var window: UnsafeMutablePointer<GtkWindow> { gcast(widgetPointer) }

    public init(application: Application, title: String) {
        handle = WidgetHandle(adw_application_window_new(application.gtkApplication))
        gtk_window_set_title(window, title)
    }

    public func setContent(_ content: some Widget) {
        adw_application_window_set_content(gcast(widgetPointer), content.widgetPointer)
    }

    public func setDefaultSize(width: Int32, height: Int32) {
        gtk_window_set_default_size(window, width, height)
    }

    /// The size the window would have when not maximized: what is worth remembering.
    public var defaultSize: (width: Int32, height: Int32) {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        return (width, height)
    }

    public var isMaximized: Bool {
        get { gtk_window_is_maximized(window) != 0 }
        nonmutating set { newValue ? gtk_window_maximize(window) : gtk_window_unmaximize(window) }
    }

    public func setIconName(_ name: String) { gtk_window_set_icon_name(window, name) }
    public func present() { gtk_window_present(window) }
    public func close() { gtk_window_close(window) }
}

/// AdwAboutWindow, transient for the main window.
public struct AboutWindow: Widget {
    public let handle: WidgetHandle

    public init(
        transientFor parent: ApplicationWindow, applicationName: String, applicationIcon: String,
        version: String, developerName: String, comments: String, website: String?
    ) {
        handle = WidgetHandle(adw_about_window_new())
        let about = opaque(widgetPointer)
        adw_about_window_set_application_name(about, applicationName)
        adw_about_window_set_application_icon(about, applicationIcon)
        adw_about_window_set_version(about, version)
        adw_about_window_set_developer_name(about, developerName)
        adw_about_window_set_comments(about, comments)
        if let website { adw_about_window_set_website(about, website) }
        gtk_window_set_transient_for(gcast(widgetPointer), parent.window)
        gtk_window_set_modal(gcast(widgetPointer), 1)
    }

    public func present() { gtk_window_present(gcast(widgetPointer)) }
}

/// AdwWindow with its own header bar: a secondary window for one task (a
/// form), transient for the main window and usually modal. The header shows
/// the title, with buttons packed at its start (Cancel) and end (Send).
/// Escape closes it, as it closes a dialog, unless told otherwise; closing
/// asks `onCloseRequest` first, then destroys the window.
public struct Window: Toplevel {
    public let handle: WidgetHandle
    /// The header bar, to pack buttons into.
    public let headerBar: HeaderBar
    private let contentBox: Box

    /// `showsWindowButtons` false hides the header's close button (a form
    /// with its own Cancel button).
    public init(
        title: String, transientFor parent: (any Toplevel)? = nil, isModal: Bool = false,
        width: Int32 = 480, height: Int32 = 640, showsWindowButtons: Bool = true, closesOnEscape: Bool = true
    ) {
        handle = WidgetHandle(adw_window_new())
        headerBar = HeaderBar()
        headerBar.showsWindowButtons = showsWindowButtons
        contentBox = Box(.vertical, children: [headerBar])
        adw_window_set_content(gcast(widgetPointer), contentBox.widgetPointer)
        self.title = title
        if let parent { belong(to: parent) }
        self.isModal = isModal
        gtk_window_set_default_size(windowPointer, width, height)
        if closesOnEscape {
            let window = windowPointer
            onKeyPressed { keyval, modifiers in
                guard keyval == Keys.escape, modifiers & (Keys.control | Keys.alt | Keys.shift) == 0 else {
                    return false
                }
                gtk_window_close(window)
                return true
            }
        }
    }

    /// Shows `content` under the header bar, filling the rest of the window
    /// (in place of the content set before, if any).
    public func setContent(_ content: some Widget) {
        if let previous = gtk_widget_get_last_child(contentBox.widgetPointer), previous != headerBar.widgetPointer {
            gtk_box_remove(gcast(contentBox.widgetPointer), previous)
        }
        content.setExpand(vertical: true)
        contentBox.append(content)
    }

    /// Whether the window blocks input to the window it is transient for.
    public var isModal: Bool {
        get { gtk_window_get_modal(windowPointer) != 0 }
        nonmutating set { gtk_window_set_modal(windowPointer, newValue ? 1 : 0) }
    }

    /// The widget Enter activates from fields that ask for it (`EntryRow.activatesDefault`).
    public func setDefaultWidget(_ widget: some Widget) {
        gtk_window_set_default_widget(windowPointer, widget.widgetPointer)
    }

    public func present() { gtk_window_present(windowPointer) }
    /// Closes the window as its close button or Escape would: `onCloseRequest` decides.
    public func close() { gtk_window_close(windowPointer) }
    /// Destroys the window without asking (`onDestroy` handlers run).
    public func destroy() { gtk_window_destroy(windowPointer) }
}

/// What a window's close request decides.
public enum CloseDecision: Sendable {
    case close, keepOpen
}

extension Toplevel {
    /// Asked before the window closes (Escape, the close button, `close()`,
    /// quitting); `.keepOpen` keeps it (while a report is still on its way).
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor () -> CloseDecision) -> SignalConnection {
        Signals.connect(raw, "close-request", returning: { handler() == .keepOpen })
    }
}
