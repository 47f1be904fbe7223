// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// Something that can find out where the user is, later: the desktop's
/// location service. It reports each fix it gets and gives up silently (no
/// report at all) when the service is absent, refuses or is too slow.
@MainActor
public protocol UserLocationLookup: AnyObject {
    /// Begins looking; `report` receives every fix, on the main actor.
    func start(reporting report: @escaping @MainActor (Coordinate) -> Void)
    /// Ends the lookup and releases what it holds at the service (the window closed).
    func stop()
}
