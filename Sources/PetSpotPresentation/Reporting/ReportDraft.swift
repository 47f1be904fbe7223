// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Everything the user has put into the report form, kept on disk until the
/// report is sent (`ReportDraftFile`), so that nothing typed is lost to a
/// crash, a closed window or a failed request: the fields, the photo chosen,
/// and whether an earlier attempt may have arrived.
public struct ReportDraft: Sendable, Hashable {
    public var fields = ReportFormValues()
    /// The photo file picked, checked again when the draft is restored.
    public var photoPath: String?
    /// When the first attempt to send this report began whose answer never
    /// came: the request may have arrived, so the next attempt (even in
    /// another run) first looks for the report on the server.
    public var unconfirmedSince: Date?

    public init(fields: ReportFormValues = ReportFormValues(), photoPath: String? = nil, unconfirmedSince: Date? = nil)
    {
        self.fields = fields
        self.photoPath = photoPath
        self.unconfirmedSince = unconfirmedSince
    }

    /// Whether the form is as it opens: empty fields and no photo. An empty
    /// draft is not kept (a report emptied after a failed attempt is one the
    /// user gave up on).
    public var isEmpty: Bool { fields.isEmpty && photoPath == nil }
}

/// On disk as a JSON object of strings (and the attempt's time in seconds
/// since 1970). Reading is lenient: a missing key or
/// a value this version does not know leaves that field as the form opens,
/// so a draft from another version restores what it can.
extension ReportDraft: Codable {
    private enum CodingKeys: String, CodingKey {
        case status, petName, species, breed, sex, age, description, microchipNumber, lastSeenDate
        case latitude, longitude, locationSource, phone, email, reward, photoPath, unconfirmedSince
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) throws -> String { try container.decodeIfPresent(String.self, forKey: key) ?? "" }
        var fields = ReportFormValues()
        fields.status = try text(.status) == AnnouncementStatus.found.rawValue ? .found : .lost
        fields.petName = try text(.petName)
        fields.species = try Species(rawValue: text(.species))
        fields.breed = try text(.breed)
        fields.sex = try Sex(rawValue: text(.sex)) ?? .unknown
        fields.age = try text(.age)
        fields.description = try text(.description)
        fields.microchipNumber = try text(.microchipNumber)
        fields.lastSeenDate = try CalendarDay(isoString: text(.lastSeenDate))
        fields.location = try ReportLocationInput(
            latitudeText: text(.latitude), longitudeText: text(.longitude),
            source: ReportLocationInput.Source(rawValue: text(.locationSource)))
        fields.phone = try text(.phone)
        fields.email = try text(.email)
        fields.reward = try text(.reward)
        try self.init(
            fields: fields, photoPath: container.decodeIfPresent(String.self, forKey: .photoPath),
            unconfirmedSince: container.decodeIfPresent(Double.self, forKey: .unconfirmedSince)
                .map(Date.init(timeIntervalSince1970:)))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fields.status.rawValue, forKey: .status)
        try container.encode(fields.petName, forKey: .petName)
        try container.encodeIfPresent(fields.species?.rawValue, forKey: .species)
        try container.encode(fields.breed, forKey: .breed)
        try container.encode(fields.sex.rawValue, forKey: .sex)
        try container.encode(fields.age, forKey: .age)
        try container.encode(fields.description, forKey: .description)
        try container.encode(fields.microchipNumber, forKey: .microchipNumber)
        try container.encodeIfPresent(fields.lastSeenDate?.isoString, forKey: .lastSeenDate)
        try container.encode(fields.location.latitudeText, forKey: .latitude)
        try container.encode(fields.location.longitudeText, forKey: .longitude)
        try container.encodeIfPresent(fields.location.source?.rawValue, forKey: .locationSource)
        try container.encode(fields.phone, forKey: .phone)
        try container.encode(fields.email, forKey: .email)
        try container.encode(fields.reward, forKey: .reward)
        try container.encodeIfPresent(photoPath, forKey: .photoPath)
        try container.encodeIfPresent(unconfirmedSince?.timeIntervalSince1970, forKey: .unconfirmedSince)
    }
}
