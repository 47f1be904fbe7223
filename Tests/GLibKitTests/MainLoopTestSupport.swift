// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit

/// Spins GLib's main loop until `condition` holds (or fails after `timeout`).
@MainActor
func runMainLoop(until condition: () -> Bool, timeout: Double = 30) -> Bool {
    MainLoop.iterate(until: condition, timeout: timeout)
}

func isMainThread() -> Bool { Thread.isMainThread }
