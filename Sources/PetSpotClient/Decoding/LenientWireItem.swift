import Foundation
import PetSpotDomain

/// One list item read without ever failing: every field is taken only when it
/// has the expected JSON type, otherwise it is `nil`, and validation decides
/// later whether the item is usable. Throwing here would make `JSONDecoder`
/// drop the whole list because of one bad item.
///
/// Reads both shapes: the contract's flat `locationLatitude`/`locationLongitude`
/// and the variant's nested `location: {latitude, longitude, address}`.
struct LenientWireItem: Decodable {
    var isObject = false
    var id: String?
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

    private enum Key: String, CodingKey {
        case id, petName, species, breed, sex, age, description, microchipNumber
        case locationLatitude, locationLongitude, location, address
        case lastSeenDate, email, phone, photoUrl, status, reward, createdAt, updatedAt
    }

    private struct NestedLocation: Decodable {
        var latitude: Double?
        var longitude: Double?
        var address: String?

        private enum Key: String, CodingKey { case latitude, longitude, address }

        init(from decoder: any Decoder) {
            guard let c = try? decoder.container(keyedBy: Key.self) else { return }
            latitude = c.lenient(Double.self, .latitude)
            longitude = c.lenient(Double.self, .longitude)
            address = c.lenient(String.self, .address)
        }
    }

    init(from decoder: any Decoder) {
        guard let c = try? decoder.container(keyedBy: Key.self) else { return }
        isObject = true
        id = c.lenient(String.self, .id)
        petName = c.lenient(String.self, .petName)
        species = c.lenient(String.self, .species)
        breed = c.lenient(String.self, .breed)
        sex = c.lenient(String.self, .sex)
        age = c.lenientWholeNumber(.age)
        description = c.lenient(String.self, .description)
        microchipNumber = c.lenientText(.microchipNumber)
        lastSeenDate = c.lenient(String.self, .lastSeenDate)
        email = c.lenient(String.self, .email)
        phone = c.lenientText(.phone)
        photoUrl = c.lenient(String.self, .photoUrl)
        status = c.lenient(String.self, .status)
        reward = c.lenientText(.reward)
        createdAt = c.lenient(String.self, .createdAt)
        updatedAt = c.lenient(String.self, .updatedAt)

        latitude = c.lenient(Double.self, .locationLatitude)
        longitude = c.lenient(Double.self, .locationLongitude)
        address = c.lenient(String.self, .address)
        if c.contains(.location), let nested = c.lenient(NestedLocation.self, .location) {
            latitude = latitude ?? nested.latitude
            longitude = longitude ?? nested.longitude
            address = address ?? nested.address
        }
    }
}

extension KeyedDecodingContainer {
    /// The value when present and of the right type; `nil` for missing, `null`
    /// or mistyped values.
    func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        guard contains(key) else { return nil }
        return (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    /// Integers, or numbers with no fractional part (`3.0`).
    func lenientWholeNumber(_ key: Key) -> Int? {
        if let value = lenient(Int.self, key) { return value }
        guard let value = lenient(Double.self, key), value.rounded() == value,
            abs(value) < 1e15
        else { return nil }
        return Int(value)
    }

    /// Free-text fields that some backends send as numbers (a microchip
    /// number, a phone number, a reward amount): accept both.
    func lenientText(_ key: Key) -> String? {
        if let text = lenient(String.self, key) { return text }
        return lenientWholeNumber(key).map(String.init)
    }
}
