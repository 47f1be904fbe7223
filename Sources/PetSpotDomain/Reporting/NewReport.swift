// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// A new report that passed `ReportRules`: strings trimmed, blank optionals
/// `nil`, every rule of the contract met. Only this type is ever sent or stored.
public struct NewReport: Sendable, Hashable {
    /// `.lost` or `.found`: a report is never created closed.
    public var status: AnnouncementStatus
    public var petName: String?
    /// As given (the form sends `DOG`, `CAT`…; clients read unknown values as Other).
    public var species: String
    public var breed: String?
    public var sex: Sex
    public var age: Int?
    public var description: String?
    public var microchipNumber: String?
    public var coordinate: Coordinate
    public var lastSeenDate: CalendarDay
    public var email: String?
    public var phone: String?
    public var reward: String?

    /// Builds the report from values already checked by `ReportRules.validate`.
    init(
        status: AnnouncementStatus, petName: String?, species: String, breed: String?, sex: Sex,
        age: Int?, description: String?, microchipNumber: String?, coordinate: Coordinate,
        lastSeenDate: CalendarDay, email: String?, phone: String?, reward: String?
    ) {
        self.status = status
        self.petName = petName
        self.species = species
        self.breed = breed
        self.sex = sex
        self.age = age
        self.description = description
        self.microchipNumber = microchipNumber
        self.coordinate = coordinate
        self.lastSeenDate = lastSeenDate
        self.email = email
        self.phone = phone
        self.reward = reward
    }

    /// The body of `POST /api/v1/announcements`.
    public var wireBody: WireNewAnnouncement {
        WireNewAnnouncement(
            petName: petName, species: species, breed: breed, sex: sex.rawValue, age: age,
            description: description, microchipNumber: microchipNumber,
            locationLatitude: coordinate.latitude, locationLongitude: coordinate.longitude,
            email: email, phone: phone, lastSeenDate: lastSeenDate.isoString, status: status.wireValue,
            reward: reward
        )
    }

    /// Whether `announcement` is this report as a server stored it: how a
    /// retry after a lost answer recognises a report that was created after all.
    public func matches(_ announcement: Announcement) -> Bool {
        announcement.status == status && announcement.petName == petName
            && announcement.species == Species(wireValue: species) && announcement.breed == breed
            && announcement.sex == sex && announcement.age == age
            && announcement.description == description && announcement.microchipNumber == microchipNumber
            && announcement.lastSeenDate == lastSeenDate && announcement.email == email
            && announcement.phone == phone && announcement.reward == reward
            && abs(announcement.coordinate.latitude - coordinate.latitude) < 1e-7
            && abs(announcement.coordinate.longitude - coordinate.longitude) < 1e-7
    }
}

/// The JSON body of `POST /api/v1/announcements`; absent optionals are left out.
public struct WireNewAnnouncement: Codable, Sendable, Equatable {
    public var petName: String?
    public var species: String
    public var breed: String?
    public var sex: String
    public var age: Int?
    public var description: String?
    public var microchipNumber: String?
    public var locationLatitude: Double
    public var locationLongitude: Double
    public var email: String?
    public var phone: String?
    public var lastSeenDate: String
    public var status: String
    public var reward: String?

    public init(
        petName: String?, species: String, breed: String?, sex: String, age: Int?, description: String?,
        microchipNumber: String?, locationLatitude: Double, locationLongitude: Double, email: String?,
        phone: String?, lastSeenDate: String, status: String, reward: String?
    ) {
        self.petName = petName
        self.species = species
        self.breed = breed
        self.sex = sex
        self.age = age
        self.description = description
        self.microchipNumber = microchipNumber
        self.locationLatitude = locationLatitude
        self.locationLongitude = locationLongitude
        self.email = email
        self.phone = phone
        self.lastSeenDate = lastSeenDate
        self.status = status
        self.reward = reward
    }

    /// Every key the endpoint accepts; any other key is refused with `INVALID_FIELD`.
    public static let acceptedKeys: Set<String> = [
        "petName", "species", "breed", "sex", "age", "description", "microchipNumber",
        "locationLatitude", "locationLongitude", "email", "phone", "lastSeenDate", "status", "reward",
    ]
}

/// `201` from `POST /api/v1/announcements`: the stored announcement and, this
/// once, the password that later allows adding its photo.
public struct WireCreatedAnnouncement: Codable, Sendable, Equatable {
    public var announcement: WireAnnouncement
    /// Six decimal digits.
    public var managementPassword: String

    public init(announcement: WireAnnouncement, managementPassword: String) {
        self.announcement = announcement
        self.managementPassword = managementPassword
    }

    private enum CodingKeys: String, CodingKey { case managementPassword }

    // Flat on the wire: the announcement's keys and `managementPassword` side by side.
    public init(from decoder: any Decoder) throws {
        announcement = try WireAnnouncement(from: decoder)
        managementPassword = try decoder.container(keyedBy: CodingKeys.self)
            .decode(String.self, forKey: .managementPassword)
    }

    public func encode(to encoder: any Encoder) throws {
        try announcement.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(managementPassword, forKey: .managementPassword)
    }
}
