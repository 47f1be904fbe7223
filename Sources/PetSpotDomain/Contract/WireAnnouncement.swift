// SPDX-License-Identifier: GPL-3.0-or-later

/// One announcement exactly as the PetSpot wire contract spells it (the canonical
/// `{"data": [...]}` shape). The server encodes it; the client decodes leniently
/// through `AnnouncementDecoder` and validates into `Announcement`.
///
/// Every key is always present on the wire: optional fields encode as `null`.
public struct WireAnnouncement: Codable, Sendable, Equatable {
    public var id: String
    public var petName: String?
    public var species: String
    public var breed: String?
    public var sex: String
    public var age: Int?
    public var description: String?
    public var microchipNumber: String?
    public var locationLatitude: Double
    public var locationLongitude: Double
    /// `YYYY-MM-DD`.
    public var lastSeenDate: String
    public var email: String?
    public var phone: String?
    /// Usually relative (`/images/x.jpg`), resolved against the API base URL.
    public var photoUrl: String?
    /// `MISSING`, `FOUND` or `CLOSED`.
    public var status: String
    public var reward: String?
    /// ISO 8601.
    public var createdAt: String
    /// ISO 8601 or `YYYY-MM-DD HH:MM:SS` (UTC).
    public var updatedAt: String

    public init(
        id: String, petName: String?, species: String, breed: String?, sex: String,
        age: Int?, description: String?, microchipNumber: String?,
        locationLatitude: Double, locationLongitude: Double, lastSeenDate: String,
        email: String?, phone: String?, photoUrl: String?, status: String,
        reward: String?, createdAt: String, updatedAt: String
    ) {
        self.id = id
        self.petName = petName
        self.species = species
        self.breed = breed
        self.sex = sex
        self.age = age
        self.description = description
        self.microchipNumber = microchipNumber
        self.locationLatitude = locationLatitude
        self.locationLongitude = locationLongitude
        self.lastSeenDate = lastSeenDate
        self.email = email
        self.phone = phone
        self.photoUrl = photoUrl
        self.status = status
        self.reward = reward
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    private enum CodingKeys: String, CodingKey {
        case id, petName, species, breed, sex, age, description, microchipNumber
        case locationLatitude, locationLongitude, lastSeenDate, email, phone, photoUrl
        case status, reward, createdAt, updatedAt
    }

    // Explicit so that nil optionals are written as `null` rather than omitted:
    // the contract says every key is present.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(petName, forKey: .petName)
        try c.encode(species, forKey: .species)
        try c.encode(breed, forKey: .breed)
        try c.encode(sex, forKey: .sex)
        try c.encode(age, forKey: .age)
        try c.encode(description, forKey: .description)
        try c.encode(microchipNumber, forKey: .microchipNumber)
        try c.encode(locationLatitude, forKey: .locationLatitude)
        try c.encode(locationLongitude, forKey: .locationLongitude)
        try c.encode(lastSeenDate, forKey: .lastSeenDate)
        try c.encode(email, forKey: .email)
        try c.encode(phone, forKey: .phone)
        try c.encode(photoUrl, forKey: .photoUrl)
        try c.encode(status, forKey: .status)
        try c.encode(reward, forKey: .reward)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(updatedAt, forKey: .updatedAt)
    }
}

/// `{"data": [...]}`: the list envelope of the wire contract.
public struct WireAnnouncementList: Codable, Sendable {
    public var data: [WireAnnouncement]
    public init(data: [WireAnnouncement]) { self.data = data }
}

/// `{"error": {...}}`: the error envelope of the wire contract.
public struct WireErrorEnvelope: Codable, Sendable, Equatable {
    public struct Body: Codable, Sendable, Equatable {
        public var requestId: String
        public var code: String
        public var message: String
        public var field: String?
        public init(requestId: String, code: String, message: String, field: String? = nil) {
            self.requestId = requestId
            self.code = code
            self.message = message
            self.field = field
        }
    }
    public var error: Body
    public init(error: Body) { self.error = error }
}
