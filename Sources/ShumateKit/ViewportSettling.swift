// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import CShumate
import GLibKit
import GtkKit

extension SimpleMap {
    /// Calls `handler` once the view has stopped changing for `delay`: after a
    /// drag, a fling, a scroll or keyboard zoom, or an animated go-to; not on
    /// every change. libshumate 1.0.3 has no signal for the end of a pan or zoom
    /// (`animation-completed` covers go-to only, never a drag or fling), so each
    /// `notify::latitude/longitude/zoom-level` on the viewport restarts a GLib
    /// timeout, as GNOME Maps does. Handlers live as long as the map.
    public func onViewportSettled(delay: Duration = .milliseconds(400), _ handler: @escaping @MainActor () -> Void) {
        let watcher = ViewportSettleWatcher(delay: delay, handler: handler)
        for property in ["latitude", "longitude", "zoom-level"] {
            Signals.connect(UnsafeMutableRawPointer(viewport), "notify::\(property)") { watcher.changed() }
        }
        Signals.connect(raw, "destroy") { watcher.cancel() }
    }
}

/// Debounces viewport changes: one handler call `delay` after the last change.
///
/// A change moves the deadline instead of replacing the GLib timeout (a fling
/// changes the viewport every frame); when the timeout fires before the
/// deadline it re-arms for the rest. The deadline is read from the monotonic
/// clock at the change itself, so the handler never runs early, even though
/// GLib measures a new timeout from the main loop's cached time.
@MainActor
final class ViewportSettleWatcher {
    private let delayMicroseconds: gint64
    private let handler: @MainActor () -> Void
    private var deadline: gint64 = 0
    private var timeoutID: guint = 0

    init(delay: Duration, handler: @escaping @MainActor () -> Void) {
        let (seconds, attoseconds) = delay.components
        // Rounded up to the microsecond, so the handler is never early.
        let microseconds = seconds * 1_000_000 + (attoseconds + 999_999_999_999) / 1_000_000_000_000
        delayMicroseconds = gint64(max(0, microseconds))
        self.handler = handler
    }

    /// The viewport changed: the handler waits `delay` from now.
    func changed() {
        deadline = g_get_monotonic_time() + delayMicroseconds
        if timeoutID == 0 { arm(microseconds: delayMicroseconds) }
    }

    /// The map is going away: no handler call after this.
    func cancel() {
        if timeoutID != 0 { g_source_remove(timeoutID) }
        timeoutID = 0
    }

    private func arm(microseconds: gint64) {
        // Whole milliseconds, rounded up.
        let milliseconds = guint(clamping: (microseconds + 999) / 1000)
        let tick = ClosureBox<SettleTick> { [weak self] in self?.timedOut() }
        timeoutID = g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds, settleTimeout, tick.retainedPointer(), releaseBox)
    }

    private func timedOut() {
        timeoutID = 0  // the source removes itself
        let remaining = deadline - g_get_monotonic_time()
        if remaining > 0 {
            arm(microseconds: remaining)  // changed since the timeout was armed
        } else {
            handler()
        }
    }
}

typealias SettleTick = @MainActor () -> Void

private let settleTimeout: GSourceFunc = { data in
    if let tick = ClosureBox<SettleTick>.from(data) {
        MainActor.assumeIsolated { tick.value() }
    }
    return gboolean(0)  // G_SOURCE_REMOVE: `timedOut` arms a new one when needed
}
