// SPDX-License-Identifier: GPL-3.0-or-later

/// A new report as submitted, before validation: what the JSON body of
/// `POST /api/v1/announcements` carries, or what the form's rows hold once
/// numbers are read. `nil` means the key is absent.
public struct ReportInput: Sendable, Hashable {
    /// `MISSING` or `FOUND`.
    public var status: String?
    public var petName: String?
    public var species: String?
    public var breed: String?
    public var sex: String?
    public var age: Int?
    public var description: String?
    public var microchipNumber: String?
    public var latitude: Double?
    public var longitude: Double?
    /// `YYYY-MM-DD`.
    public var lastSeenDate: String?
    public var email: String?
    public var phone: String?
    public var reward: String?

    public init(
        status: String? = nil, petName: String? = nil, species: String? = nil, breed: String? = nil,
        sex: String? = nil, age: Int? = nil, description: String? = nil, microchipNumber: String? = nil,
        latitude: Double? = nil, longitude: Double? = nil, lastSeenDate: String? = nil,
        email: String? = nil, phone: String? = nil, reward: String? = nil
    ) {
        self.status = status
        self.petName = petName
        self.species = species
        self.breed = breed
        self.sex = sex
        self.age = age
        self.description = description
        self.microchipNumber = microchipNumber
        self.latitude = latitude
        self.longitude = longitude
        self.lastSeenDate = lastSeenDate
        self.email = email
        self.phone = phone
        self.reward = reward
    }
}
