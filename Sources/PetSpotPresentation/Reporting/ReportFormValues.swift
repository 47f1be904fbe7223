// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain

/// What the user has typed and chosen in the report form, as one value: the
/// form holds it, the draft keeps it on disk, and the rules check it.
public struct ReportFormValues: Sendable, Hashable {
    /// Lost or Found, chosen first.
    public var status: AnnouncementStatus = .lost
    public var petName = ""
    /// nil until the user chooses one.
    public var species: Species?
    public var breed = ""
    public var sex: Sex = .unknown
    /// The age in years, as typed.
    public var age = ""
    public var description = ""
    public var microchipNumber = ""
    /// The day picked, or nil while the form shows its default, today.
    public var lastSeenDate: CalendarDay?
    public var location = ReportLocationInput.none
    public var phone = ""
    public var email = ""
    public var reward = ""

    public init() {}

    /// What the age entry takes: three digits, more than any pet's years.
    public static let ageMaximumLength = 3
    /// What a latitude or longitude entry takes: far more decimals than any
    /// fix has, and short enough that nothing typed there costs anything.
    public static let coordinateMaximumLength = 24

    /// Whether the fields are as the form opens: no text (spaces do not
    /// count), no choice changed, no place.
    public var isEmpty: Bool {
        let texts = [petName, breed, age, description, microchipNumber, phone, email, reward]
        return texts.allSatisfy { $0.trimmedNonEmpty == nil } && status == .lost && species == nil
            && sex == .unknown && lastSeenDate == nil && location.isEmpty
    }

    /// The fields that differ from the form as it opens: restored from a
    /// draft, they count as edited, so their problems show at once.
    var filled: Set<ReportField> {
        let filled: [(ReportField, Bool)] = [
            (.status, status != .lost), (.petName, !petName.isEmpty), (.species, species != nil),
            (.breed, !breed.isEmpty), (.sex, sex != .unknown), (.age, !age.isEmpty),
            (.description, !description.isEmpty), (.microchipNumber, !microchipNumber.isEmpty),
            (.lastSeenDate, lastSeenDate != nil), (.locationLatitude, !location.isEmpty),
            (.locationLongitude, !location.isEmpty), (.phone, !phone.isEmpty),
            (.email, !email.isEmpty), (.contact, !phone.isEmpty || !email.isEmpty),
            (.reward, !reward.isEmpty),
        ]
        return Set(filled.filter(\.1).map(\.0))
    }

    /// The report these fields make, checked by the rules the server applies;
    /// a day not picked is `today`.
    func validated(today: CalendarDay) -> Result<NewReport, ReportProblems> {
        var input = ReportInput(
            status: status.wireValue, petName: petName, species: species?.rawValue, breed: breed,
            sex: sex.rawValue, description: description, microchipNumber: microchipNumber,
            latitude: ReportLocationInput.ruleValue(location.latitudeText),
            longitude: ReportLocationInput.ruleValue(location.longitudeText),
            lastSeenDate: (lastSeenDate ?? today).isoString, email: email, phone: phone, reward: reward)
        var ageProblem: ReportProblem?
        switch ReportRules.age(fromText: age) {
        case .success(let years): input.age = years
        case .failure(let problem): ageProblem = problem
        }
        switch ReportRules.validate(input, today: today) {
        case .success(let report):
            guard let ageProblem else { return .success(report) }
            return .failure(ReportProblems(byField: [.age: ageProblem]))
        case .failure(var found):
            if let ageProblem { found.byField[.age] = ageProblem }
            return .failure(found)
        }
    }
}
