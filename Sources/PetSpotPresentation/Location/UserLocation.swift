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
    @ObservationIgnored private var listeners: [@MainActor (Coordinate) -> Void] = []
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
        listeners.forEach { $0(newCoordinate) }
    }

    /// `handler` receives every location that changes what lists show.
    public func onChange(_ handler: @escaping @MainActor (Coordinate) -> Void) {
        listeners.append(handler)
    }
}
