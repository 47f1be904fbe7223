// SPDX-License-Identifier: GPL-3.0-or-later

import GLibKit
import PetSpotDomain

extension Coordinate {
    /// A fix from a location service's `Latitude`/`Longitude` properties.
    init?(locationProperties properties: [String: DBusValue]) {
        guard let latitude = properties["Latitude"]?.doubleValue, let longitude = properties["Longitude"]?.doubleValue
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }
}
