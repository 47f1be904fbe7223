/// A point on the map in degrees (WGS 84), as libshumate takes it.
public struct MapLocation: Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The Web Mercator projection ends at ±85.0511°; libshumate's `go_to`
    /// rejects latitudes beyond it, so every location is clamped first.
    public static let latitudeLimit = 85.0511

    /// This location with its latitude inside the projection's range.
    public var clamped: MapLocation {
        MapLocation(latitude: min(max(latitude, -Self.latitudeLimit), Self.latitudeLimit), longitude: longitude)
    }
}
