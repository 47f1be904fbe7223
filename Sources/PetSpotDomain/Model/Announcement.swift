// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// One validated lost-or-found report. The list and the details endpoint share
/// this shape; the list UI simply shows fewer of its fields.
///
/// Values are already cleaned: blank optional strings are `nil`, `photoURL`
/// is resolved against the API base URL and is http(s) only.
public struct Announcement: Sendable, Hashable, Identifiable {
    public var id: String
    public var petName: String?
    public var species: Species
    public var breed: String?
    public var sex: Sex
    /// Age in whole years, when known.
    public var age: Int?
    public var description: String?
    public var microchipNumber: String?
    public var coordinate: Coordinate
    /// A street address, when the backend sends one (the variant payload does).
    public var address: String?
    public var lastSeenDate: CalendarDay
    public var email: String?
    public var phone: String?
    /// Absolute http(s) URL of the photo, or `nil` when there is none that may be loaded.
    public var photoURL: URL?
    public var status: AnnouncementStatus
    /// Free text such as "500 PLN", shown as given.
    public var reward: String?
    public var createdAt: Date
    public var updatedAt: Date?

    public init(
        id: String, petName: String? = nil, species: Species, breed: String? = nil,
        sex: Sex = .unknown, age: Int? = nil, description: String? = nil,
        microchipNumber: String? = nil, coordinate: Coordinate, address: String? = nil,
        lastSeenDate: CalendarDay, email: String? = nil, phone: String? = nil,
        photoURL: URL? = nil, status: AnnouncementStatus, reward: String? = nil,
        createdAt: Date, updatedAt: Date? = nil
    ) {
        self.id = id
        self.petName = petName
        self.species = species
        self.breed = breed
        self.sex = sex
        self.age = age
        self.description = description
        self.microchipNumber = microchipNumber
        self.coordinate = coordinate
        self.address = address
        self.lastSeenDate = lastSeenDate
        self.email = email
        self.phone = phone
        self.photoURL = photoURL
        self.status = status
        self.reward = reward
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
