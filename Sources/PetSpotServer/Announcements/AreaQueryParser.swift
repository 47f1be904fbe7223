// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// Reads the optional `lat`, `lng` and `range` query parameters of the list
/// endpoint (docs/BEHAVIOUR.md §4). Works on plain name/value pairs so it is testable
/// without a server.
enum AreaQueryParser {
    static let defaultRangeKilometres = 5

    /// - Returns: the area to filter by, or nil when no location was asked for.
    /// - Throws: `APIError` with code INVALID_PARAMETER naming the faulty field.
    static func parse(_ parameters: [(name: String, value: String)]) throws(APIError) -> SearchArea? {
        let latitude = try QueryParameters.single("lat", in: parameters).map { value throws(APIError) in
            try coordinate(value, field: "lat", limit: 90)
        }
        let longitude = try QueryParameters.single("lng", in: parameters).map { value throws(APIError) in
            try coordinate(value, field: "lng", limit: 180)
        }
        // A malformed range is an error even without a location: clients learn early.
        let range = try QueryParameters.single("range", in: parameters).map { value throws(APIError) in
            try positiveInteger(value, field: "range")
        }

        switch (latitude, longitude) {
        case (nil, nil):
            return nil
        case (.some, nil):
            throw .invalidParameter("lng", "lng is required together with lat.")
        case (nil, .some):
            throw .invalidParameter("lat", "lat is required together with lng.")
        case (.some(let latitude), .some(let longitude)):
            return SearchArea(
                latitude: latitude, longitude: longitude,
                radiusKilometres: range ?? defaultRangeKilometres
            )
        }
    }

    /// A plain decimal number (no "nan", "inf" or hex) within ±limit.
    private static func coordinate(_ text: String, field: String, limit: Double) throws(APIError) -> Double {
        let allowed = Set("0123456789+-.eE")
        guard !text.isEmpty, text.allSatisfy(allowed.contains), let value = Double(text) else {
            throw .invalidParameter(field, "\(field) must be a number.")
        }
        guard (-limit...limit).contains(value) else {
            throw .invalidParameter(field, "\(field) must be between -\(Int(limit)) and \(Int(limit)).")
        }
        return value
    }

    /// Kilometres as a whole number above zero: "2.5", "0", "-1" and "abc" are refused.
    private static func positiveInteger(_ text: String, field: String) throws(APIError) -> Int {
        guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let value = Int(text), value > 0 else {
            throw .invalidParameter(field, "\(field) must be a positive whole number of kilometres.")
        }
        return value
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
