// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import Glibc

/// Runs Swift's main actor inside GLib's main loop and posts work to it.
///
/// `g_application_run` owns the main thread, and nothing there drains Dispatch's
/// main queue, which is where the main actor's jobs wait on Linux. libdispatch
/// exposes the queue's wake-up eventfd for foreign run loops; a GLib fd source on
/// it drains the queue exactly when work arrives, so there is no polling timer.
public enum MainLoop {
    /// Attaches the Dispatch main queue (and so the main actor) to GLib's default
    /// main context. Call once, on the main thread, before the loop runs.
    @MainActor
    public static func attachSwiftConcurrency() {
        guard !isAttached else { return }
        isAttached = true
        let fd = _dispatch_get_main_queue_handle_4CF()
        g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, drainDispatchMainQueue, nil, nil)
    }

    @MainActor private static var isAttached = false

    /// Runs `body` on the GTK thread in a later main-loop iteration. Callable from
    /// any thread; closures posted from one thread run in the order they were posted.
    public static func post(
        priority: Int32 = G_PRIORITY_DEFAULT_IDLE,
        _ body: @escaping @Sendable @MainActor () -> Void
    ) {
        let box = ClosureBox(body)
        g_idle_add_full(priority, runPostedOnce, box.retainedPointer(), releaseBox)
    }

    /// Iterates GLib's default main context (as `g_application_run` would) until
    /// `condition` holds or `timeout` seconds pass; returns whether it held.
    /// For tests and benchmarks, which have no application running the loop.
    @MainActor
    public static func iterate(until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(timeout * 1_000_000)
        // A wake-up so a blocking iteration returns by the deadline even when idle.
        let timer = g_timeout_add(50, { _ in gboolean(1) }, nil)
        defer { g_source_remove(timer) }
        while !condition() {
            if g_get_monotonic_time() > deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Priority for re-rendering after model changes: that of events and of the
    /// main actor's jobs, so a change is laid out in the next frame. At
    /// G_PRIORITY_HIGH_IDLE a new window's first frame was drawn before the
    /// render that data landed during start-up had asked for (measured with
    /// PETSPOT_MILESTONES): Home's cards came one frame late.
    public static let renderPriority: Int32 = G_PRIORITY_DEFAULT

    /// Priority of idle callbacks (`g_idle_add`'s): after drawing and input.
    public static let idlePriority: Int32 = G_PRIORITY_DEFAULT_IDLE
}

private let drainDispatchMainQueue: GUnixFDSourceFunc = { fd, _, _ in
    // The eventfd counter must be consumed, or the fd stays readable and the
    // source fires forever (a core at 100 %).
    var counter: UInt64 = 0
    _ = withUnsafeMutableBytes(of: &counter) { read(fd, $0.baseAddress, 8) }
    _dispatch_main_queue_callback_4CF(nil)
    return gboolean(1)  // G_SOURCE_CONTINUE
}

private let runPostedOnce: GSourceFunc = { data in
    if let box = ClosureBox<@Sendable @MainActor () -> Void>.from(data) {
        MainActor.assumeIsolated { box.value() }
    }
    return gboolean(0)  // G_SOURCE_REMOVE
}
