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
        var width: Int32 = 0, height: Int32 = 0
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

    /// Before the window closes; return true to keep it open.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        Signals.connect(raw, "close-request", returning: handler)
    }
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
