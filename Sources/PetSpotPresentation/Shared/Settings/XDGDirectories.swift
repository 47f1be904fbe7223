// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// The user's XDG base directories, where PetSpot keeps its data and settings.
public struct XDGDirectories: Sendable {
    public var dataHome: URL
    public var configHome: URL
    public var cacheHome: URL

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
        // The spec ignores relative values: they would depend on the working directory.
        func base(_ variable: String, fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return home.appendingPathComponent(fallback, isDirectory: true)
        }
        dataHome = base("XDG_DATA_HOME", fallback: ".local/share")
        configHome = base("XDG_CONFIG_HOME", fallback: ".config")
        cacheHome = base("XDG_CACHE_HOME", fallback: ".cache")
    }

    /// `$XDG_DATA_HOME/petspot`: the demo database and its photos.
    public var appData: URL { dataHome.appendingPathComponent("petspot", isDirectory: true) }
    /// `$XDG_CONFIG_HOME/petspot`: window state.
    public var appConfig: URL { configHome.appendingPathComponent("petspot", isDirectory: true) }
    /// `$XDG_CACHE_HOME/petspot`: what was last fetched, for reading offline, and map tiles.
    public var appCache: URL { cacheHome.appendingPathComponent("petspot", isDirectory: true) }
}
