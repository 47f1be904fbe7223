// SPDX-License-Identifier: GPL-3.0-or-later

import JSONKit
import PetSpotDomain

/// One list item read without ever failing: every field is taken only when it
/// has the expected JSON type, otherwise it is `nil`, and validation decides
/// later whether the item is usable. One bad item never costs the list.
///
/// Texts are bounded as they are read (`WireTextLimit`).
///
/// Reads both shapes: the contract's flat `locationLatitude`/`locationLongitude`
/// and the variant's nested `location: {latitude, longitude, address}`.
struct LenientWireItem {
    var isObject = false
    /// At most `WireTextLimit.id` bytes of it: see `isIDTooLong`.
    var id: String?
    var isIDTooLong = false
    var petName: String?
    var species: String?
    var breed: String?
    var sex: String?
    var age: Int?
    var description: String?
    var microchipNumber: String?
    var latitude: Double?
    var longitude: Double?
    var address: String?
    var lastSeenDate: String?
    var email: String?
    var phone: String?
    var photoUrl: String?
    var status: String?
    var reward: String?
    var createdAt: String?
    var updatedAt: String?

    private enum Field: Int, CaseIterable {
        case id, petName, species, breed, sex, age, description, microchipNumber
        case locationLatitude, locationLongitude, location, address
        case lastSeenDate, email, phone, photoUrl, status, reward, createdAt, updatedAt

        var name: String {
            switch self {
            case .id: "id"
            case .petName: "petName"
            case .species: "species"
            case .breed: "breed"
            case .sex: "sex"
            case .age: "age"
            case .description: "description"
            case .microchipNumber: "microchipNumber"
            case .locationLatitude: "locationLatitude"
            case .locationLongitude: "locationLongitude"
            case .location: "location"
            case .address: "address"
            case .lastSeenDate: "lastSeenDate"
            case .email: "email"
            case .phone: "phone"
            case .photoUrl: "photoUrl"
            case .status: "status"
            case .reward: "reward"
            case .createdAt: "createdAt"
            case .updatedAt: "updatedAt"
            }
        }

        // Looked up in one pass over each item, not one search per key.
        static let names = JSONFieldNames(allCases.map(\.name))
    }

    private enum LocationField: Int, CaseIterable {
        case latitude, longitude, address
        static let names = JSONFieldNames(["latitude", "longitude", "address"])
    }

    init(_ value: JSONValue) {
        guard let fields = value.fields(Field.names) else { return }
        // Every text is read within its limit (WireTextLimit), however long it is.
        func text(_ field: Field) -> String? { fields.boundedText(field.rawValue, characters: WireTextLimit.shortText) }
        func token(_ field: Field) -> String? { fields.token(field.rawValue) }
        func double(_ field: Field) -> Double? { fields.double(field.rawValue) }
        func field(_ field: Field) -> JSONValue? { fields[field.rawValue] }
        isObject = true
        if let prefix = fields.stringPrefix(Field.id.rawValue, maxUTF8Bytes: WireTextLimit.id) {
            id = prefix.text
            isIDTooLong = !prefix.isWhole
        }
        petName = text(.petName)
        species = token(.species)
        breed = text(.breed)
        sex = token(.sex)
        age = field(.age)?.lenientWholeNumber
        description = fields.boundedText(Field.description.rawValue, characters: WireTextLimit.description)
        microchipNumber = field(.microchipNumber)?.lenientText
        lastSeenDate = token(.lastSeenDate)
        email = text(.email)
        phone = field(.phone)?.lenientText
        photoUrl = fields.wholeString(Field.photoUrl.rawValue, maxUTF8Bytes: WireTextLimit.photoURL)
        status = token(.status)
        reward = field(.reward)?.lenientText
        createdAt = token(.createdAt)
        updatedAt = token(.updatedAt)

        latitude = double(.locationLatitude)
        longitude = double(.locationLongitude)
        address = text(.address)
        // The flat fields win; a nested location that is not an object adds nothing.
        if let nested = field(.location)?.fields(LocationField.names) {
            latitude = latitude ?? nested.double(LocationField.latitude.rawValue)
            longitude = longitude ?? nested.double(LocationField.longitude.rawValue)
            address =
                address
                ?? nested.boundedText(LocationField.address.rawValue, characters: WireTextLimit.shortText)
        }
    }
}

extension JSONValue {
    /// Integers, or numbers with no fractional part (`3.0`). Below 1e15 a
    /// double's spacing is under 1/8, so `x.5` can never round to whole.
    var lenientWholeNumber: Int? {
        if let value = int64 { return Int(exactly: value) }
        guard let value = double, value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// Free-text fields that some backends send as numbers (a microchip
    /// number, a phone number, a reward amount): accept both, within the
    /// short-text limit.
    var lenientText: String? {
        stringPrefix(maxUTF8Bytes: WireTextLimit.shortText * 4)?.bounded(toCharacters: WireTextLimit.shortText)
            ?? lenientWholeNumber.map(String.init)
    }
}
