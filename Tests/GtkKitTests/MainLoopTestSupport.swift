// SPDX-License-Identifier: GPL-3.0-or-later

import CGtk
import Foundation
import GLibKit
import GtkKit
import XCTest

/// Spins GLib's main loop until `condition` holds (or fails after `timeout`).
@MainActor
func runMainLoop(until condition: () -> Bool, timeout: Double = 30) -> Bool {
    MainLoop.iterate(until: condition, timeout: timeout)
}

/// Runs the main loop until everything already posted to it at a higher
/// priority than `G_PRIORITY_LOW` has run (a render a change asked for): a
/// check that something did NOT happen then waits for that, not for a time.
@MainActor
func runPostedWork() -> Bool {
    let marker = PostedWorkMarker()
    MainLoop.post(priority: G_PRIORITY_LOW) { marker.isReached = true }
    return runMainLoop(until: { marker.isReached })
}

@MainActor
private final class PostedWorkMarker {
    var isReached = false
}

/// GTK needs a display: `make test` provides Xvfb. Without one, widget tests skip.
@MainActor
func requireGtk() throws {
    if gtk_init_check() == 0 {
        throw XCTSkip("no display for GTK: run the unit tests through `make test` (Xvfb)")
    }
}

func isMainThread() -> Bool { Thread.isMainThread }

/// Emits a parameterless signal, as GTK would.
@MainActor
func emit(_ signal: String, on instance: UnsafeMutableRawPointer) {
    Signals.emit(signal, on: instance)
}
