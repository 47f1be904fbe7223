// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// A form that asks where the pet was (the report form, I Saw This Pet): the
/// place as given, picked on the map, taken from the user's location, or
/// typed as coordinates. What each change marks for its problems to show is
/// the form's own.
@MainActor
public protocol PlaceInputModel: AnyObject {
    var location: ReportLocationInput { get }
    /// What is wrong with the typed latitude, once it should be said.
    var latitudeMessage: String? { get }
    /// What is wrong with the typed longitude, once it should be said.
    var longitudeMessage: String? { get }
    /// Said under Place while no place is given.
    var locationMessage: String? { get }
    /// "Use My Location" is offered once the user's location is known.
    var canUseMyLocation: Bool { get }
    /// The user's location, when known.
    var myLocation: Coordinate? { get }

    /// A place picked on the map.
    func pickLocation(_ coordinate: Coordinate)
    /// "Use My Location": the user's location, when known.
    func useMyLocation()
    func setLatitudeText(_ text: String)
    func setLongitudeText(_ text: String)
}
