// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

/// A plain GtkWindow of a fixed size, for code with no `Application` (`make
/// bench`, the GTK tests): it shows one widget and reports on the frames it draws.
public struct PlainWindow: Widget {
    public let handle: WidgetHandle
    private var window: UnsafeMutablePointer<GtkWindow> { gcast(widgetPointer) }

    /// Opens GTK and libadwaita on the default display, as `AdwApplication`
    /// would; false when there is no display (`adw_init` alone would exit).
    public static func openDisplay() -> Bool {
        guard gtk_init_check() != 0 else { return false }
        adw_init()
        return true
    }

    public init(child: some Widget, width: Int32, height: Int32) {
        handle = WidgetHandle(gtk_window_new())
        gtk_window_set_default_size(window, width, height)
        gtk_window_set_child(window, child.widgetPointer)
    }

    public func present() { gtk_window_present(window) }

    /// Destroys the window and its content.
    public func destroy() { gtk_window_destroy(window) }

    /// The GSK renderer drawing the window ("GskCairoRenderer" for the software
    /// one); nil before the window is realized.
    public var rendererName: String? {
        guard let renderer = gtk_native_get_renderer(OpaquePointer(widgetPointer)) else { return nil }
        return String(cString: g_type_name_from_instance(gcast(renderer)))
    }

    /// Calls `handler` once per frame, in the frame clock's update phase (before
    /// layout and drawing), for as long as it returns true. A window with a tick
    /// callback draws every frame, so this also keeps frames coming.
    public func onEveryFrame(_ handler: @escaping @MainActor () -> Bool) {
        let tick = ClosureBox<FrameTick>(handler)
        gtk_widget_add_tick_callback(widgetPointer, frameTick, tick.retainedPointer(), releaseBox)
    }

    /// Calls `handler` after each frame with the main-thread time the frame took
    /// from its before-paint to its after-paint phase: tick callbacks, layout,
    /// snapshot and rendering, which is one main-loop iteration's frame work.
    /// False before the window is realized (it has no frame clock yet).
    @discardableResult
    public func onFrameWork(_ handler: @escaping @MainActor (Duration) -> Void) -> Bool {
        guard let frameClock = gtk_widget_get_frame_clock(widgetPointer) else { return false }
        let clock = UnsafeMutableRawPointer(frameClock)
        var started: ContinuousClock.Instant?
        Signals.connect(clock, "before-paint") { started = .now }
        Signals.connect(clock, "after-paint") {
            guard let start = started else { return }
            started = nil
            handler(.now - start)
        }
        return true
    }
}

/// Returns whether to keep ticking.
private typealias FrameTick = @MainActor () -> Bool

private let frameTick: GtkTickCallback = { _, _, data in
    guard let tick = ClosureBox<FrameTick>.from(data) else { return gboolean(0) }
    return MainActor.assumeIsolated { tick.value() } ? gboolean(1) : gboolean(0)
}
