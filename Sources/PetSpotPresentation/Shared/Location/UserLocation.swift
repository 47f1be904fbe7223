// SPDX-License-Identifier: GPL-3.0-or-later

import Observation
import PetSpotDomain

/// The user's location, for distances and the Nearest sort: known from the
/// start (`--location`), arriving later (the desktop's location service), or
/// never. Once known it stays known; later fixes may move it.
///
/// Views read `coordinate` (it is observable); the store listens with
/// `onChange` to format its cards again.
@MainActor
@Observable
public final class UserLocation {
    public private(set) var coordinate: Coordinate?
    @ObservationIgnored private var listeners: [(id: Int, handler: @MainActor (Coordinate) -> Void)] = []
    @ObservationIgnored private var lastListenerID = 0
    @ObservationIgnored private var lookup: (any UserLocationLookup)?

    /// A fix closer than this to the one shown changes nothing: a service's
    /// jitter must not make every list format and sort its cards again.
    public static let ignoredMovementMeters = 100.0

    public init(_ coordinate: Coordinate? = nil) {
        self.coordinate = coordinate
    }

    /// Asks `lookup` for the location, unless it is already known: a location
    /// given on the command line wins, and the service is then never asked.
    public func start(_ lookup: any UserLocationLookup) {
        guard coordinate == nil, self.lookup == nil else { return }
        self.lookup = lookup
        lookup.start { [weak self] coordinate in self?.update(to: coordinate) }
    }

    /// Stops the lookup, if one was started.
    public func stop() {
        lookup?.stop()
        lookup = nil
    }

    /// A new fix: listeners hear of it unless it is within a few metres of the last.
    public func update(to newCoordinate: Coordinate) {
        if let coordinate, coordinate.distance(to: newCoordinate) < Self.ignoredMovementMeters / 1000 { return }
        coordinate = newCoordinate
        for listener in listeners { listener.handler(newCoordinate) }
    }

    /// Names one `onChange` handler, to remove it.
    public struct Listener: Hashable, Sendable {
        fileprivate let id: Int
    }

    /// `handler` receives every location that changes what lists show, until
    /// `removeListener` (for as long as the app runs, for what lives that long).
    @discardableResult
    public func onChange(_ handler: @escaping @MainActor (Coordinate) -> Void) -> Listener {
        lastListenerID += 1
        listeners.append((lastListenerID, handler))
        return Listener(id: lastListenerID)
    }

    /// `listener`'s handler hears of no more locations.
    public func removeListener(_ listener: Listener) {
        listeners.removeAll { $0.id == listener.id }
    }

    /// How many handlers listen (for tests: what comes and goes must not leave one behind).
    var listenerCount: Int { listeners.count }
}
