// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import PetSpotDomain

/// A running location request at one desktop service (the portal, GeoClue).
@MainActor
protocol LocationServiceSession: AnyObject {
    /// Releases it at the service; no fix is reported after this.
    func close()
}

/// How asking one service went.
enum LocationServiceOutcome {
    /// Fixes will follow, reported as they come.
    case started
    /// The service is there and said no (the user denied it, or it failed):
    /// PetSpot does without a location and does not go around the refusal.
    case refused(String)
    /// The service is not there or could not be asked: try the next one.
    case unavailable(String)
}

/// Whether `name` can answer on `bus`: it runs, or the bus can start it.
/// Asked first, so a call never waits on a service that cannot exist.
@MainActor
func serviceIsReachable(_ name: String, on bus: DBusConnection, timeout: Duration) async -> Bool {
    let daemon = (name: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus")
    do {
        let owned = try await bus.call(
            daemon.name, path: daemon.path, interface: daemon.interface, method: "NameHasOwner",
            arguments: [.string(name)], timeout: timeout)
        if owned.first?.boolValue == true { return true }
        let activatable = try await bus.call(
            daemon.name, path: daemon.path, interface: daemon.interface, method: "ListActivatableNames",
            timeout: timeout)
        guard case .strings(let names) = activatable.first else { return false }
        return names.contains(name)
    } catch {
        return false
    }
}
