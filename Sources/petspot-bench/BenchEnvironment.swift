// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// The environment the programs under test start in: this one, on X11, with
/// the renderer asked for (nil: GTK's default), printing milestones, and with
/// PetSpot's settings and caches in a scratch directory so a user's own never
/// count.
enum BenchEnvironment {
    static func forApp(renderer: String?, scratch: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["GSK_RENDERER"] = renderer
        environment["GDK_BACKEND"] = "x11"
        environment["PETSPOT_MILESTONES"] = "1"
        environment["PETSPOT_LOG_LEVEL"] = "error"
        for (variable, folder) in [
            ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache"), ("XDG_DATA_HOME", "data"),
        ] {
            environment[variable] = scratch.appendingPathComponent(folder).path
        }
        return environment
    }
}
