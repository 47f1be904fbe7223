import Foundation
import PetSpotDomain

/// Everything the user has put into the report form, kept on disk until the
/// report is sent (`ReportDraftFile`), so that nothing typed is lost to a
/// crash, a closed window or a failed request.
public struct ReportDraft: Sendable, Hashable {
    public var status: AnnouncementStatus = .lost
    public var petName = ""
    /// nil until chosen.
    public var species: Species?
    public var breed = ""
    public var sex: Sex = .unknown
    public var age = ""
    public var description = ""
    public var microchipNumber = ""
    /// nil while the form shows its default, today.
    public var lastSeenDate: CalendarDay?
    public var location = ReportLocationInput.none
    public var phone = ""
    public var email = ""
    public var reward = ""
    /// The photo file picked, checked again when the draft is restored.
    public var photoPath: String?
    /// When the first attempt to send this report began whose answer never
    /// came: the request may have arrived, so the next attempt (even in
    /// another run) first looks for the report on the server.
    public var unconfirmedSince: Date?

    public init() {}

    /// Whether the form is as it opens: no text (spaces do not count), no
    /// choice changed, no place, no photo. An empty draft is not kept (a
    /// report emptied after a failed attempt is one the user gave up on).
    public var isEmpty: Bool {
        let texts = [petName, breed, age, description, microchipNumber, phone, email, reward]
        return texts.allSatisfy { $0.trimmedNonEmpty == nil } && status == .lost && species == nil
            && sex == .unknown && lastSeenDate == nil && location.isEmpty && photoPath == nil
    }
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
        self.init()
        status = try text(.status) == AnnouncementStatus.found.rawValue ? .found : .lost
        petName = try text(.petName)
        species = try Species(rawValue: text(.species))
        breed = try text(.breed)
        sex = try Sex(rawValue: text(.sex)) ?? .unknown
        age = try text(.age)
        description = try text(.description)
        microchipNumber = try text(.microchipNumber)
        lastSeenDate = try CalendarDay(isoString: text(.lastSeenDate))
        location = try ReportLocationInput(
            latitudeText: text(.latitude), longitudeText: text(.longitude),
            source: ReportLocationInput.Source(rawValue: text(.locationSource)))
        phone = try text(.phone)
        email = try text(.email)
        reward = try text(.reward)
        photoPath = try container.decodeIfPresent(String.self, forKey: .photoPath)
        unconfirmedSince = try container.decodeIfPresent(Double.self, forKey: .unconfirmedSince)
            .map(Date.init(timeIntervalSince1970:))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status.rawValue, forKey: .status)
        try container.encode(petName, forKey: .petName)
        try container.encodeIfPresent(species?.rawValue, forKey: .species)
        try container.encode(breed, forKey: .breed)
        try container.encode(sex.rawValue, forKey: .sex)
        try container.encode(age, forKey: .age)
        try container.encode(description, forKey: .description)
        try container.encode(microchipNumber, forKey: .microchipNumber)
        try container.encodeIfPresent(lastSeenDate?.isoString, forKey: .lastSeenDate)
        try container.encode(location.latitudeText, forKey: .latitude)
        try container.encode(location.longitudeText, forKey: .longitude)
        try container.encodeIfPresent(location.source?.rawValue, forKey: .locationSource)
        try container.encode(phone, forKey: .phone)
        try container.encode(email, forKey: .email)
        try container.encode(reward, forKey: .reward)
        try container.encodeIfPresent(photoPath, forKey: .photoPath)
        try container.encodeIfPresent(unconfirmedSince?.timeIntervalSince1970, forKey: .unconfirmedSince)
    }
}
