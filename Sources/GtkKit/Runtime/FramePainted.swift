// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import GLibKit

extension Widget {
    /// Calls `body` once, after the next frame of this widget's window has been
    /// painted (its frame clock's after-paint): the first moment what changed
    /// before the call can be on screen. Before the widget is realized there is
    /// no frame clock yet, so it waits for that first.
    public func afterNextFramePainted(_ body: @escaping @MainActor () -> Void) {
        if let clock = gtk_widget_get_frame_clock(widgetPointer) {
            Self.onceAfterPaint(of: clock, body)
        } else {
            var realized: SignalConnection?
            realized = Signals.connect(raw, "realize") { [widgetPointer] () -> Void in
                realized?.disconnect()
                if let clock = gtk_widget_get_frame_clock(widgetPointer) { Self.onceAfterPaint(of: clock, body) }
            }
        }
        gtk_widget_queue_draw(widgetPointer)
    }

    private static func onceAfterPaint(of clock: OpaquePointer, _ body: @escaping @MainActor () -> Void) {
        var painted: SignalConnection?
        painted = Signals.connect(UnsafeMutableRawPointer(clock), "after-paint") { () -> Void in
            painted?.disconnect()
            body()
        }
    }
}
