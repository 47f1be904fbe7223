// SPDX-License-Identifier: GPL-3.0-or-later

/// How PetSpot asks the desktop where the user is, when `--location` is not given.
public struct DesktopLocationOptions: Sendable {
    public enum Bus: Sendable {
        case session, system
    }

    /// Street level: distances to a lost pet matter within a few kilometres,
    /// which a city-level fix (the city's centre) cannot tell; the exact
    /// position is more than PetSpot needs.
    public var accuracy = LocationAccuracy.street
    /// Where GeoClue is looked for: the system bus, or (`PETSPOT_GEOCLUE_BUS=session`)
    /// the session bus, where tests can run a fake one.
    public var geoClueBus = Bus.system
    /// Without a first fix by then, PetSpot goes on without a location.
    public var patience = Duration.seconds(8)
    /// Bounds every call to a location service.
    public var callTimeout = Duration.seconds(3)

    public static let geoClueBusVariable = "PETSPOT_GEOCLUE_BUS"

    public init(environment: [String: String] = [:]) {
        if environment[Self.geoClueBusVariable] == "session" { geoClueBus = .session }
    }
}

/// The two precisions PetSpot may ask for, with each service's own number for them.
public enum LocationAccuracy: Sendable {
    case city, street

    /// `org.freedesktop.portal.Location`: 0 none, 1 country, 2 city, 3 neighborhood, 4 street, 5 exact.
    var portalLevel: UInt32 { self == .city ? 2 : 4 }
    /// GeoClue's `GClueAccuracyLevel`: 1 country, 4 city, 5 neighborhood, 6 street, 8 exact.
    var geoClueLevel: UInt32 { self == .city ? 4 : 6 }
}
