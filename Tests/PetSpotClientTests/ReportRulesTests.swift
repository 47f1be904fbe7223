// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@Suite("The rules of a new report")
struct ReportRulesTests {
    let today = CalendarDay(year: 2026, month: 11, day: 24)!

    /// A report that passes every rule; each test breaks one thing.
    func valid() -> ReportInput {
        ReportInput(
            status: "MISSING", petName: " Luna ", species: "CAT", breed: nil, sex: "FEMALE", age: 3,
            description: "<b>shy</b>", microchipNumber: "616093900012345", latitude: 52.2297, longitude: 21.0122,
            lastSeenDate: "2026-11-24", email: "owner@example.org", phone: nil, reward: "  "
        )
    }

    func problems(_ input: ReportInput) -> [ReportField: ReportProblem] {
        switch ReportRules.validate(input, today: today) {
        case .success: [:]
        case .failure(let problems): problems.byField
        }
    }

    @Test("a valid report is cleaned: trimmed, blanks dropped, text kept as given")
    func validReport() throws {
        let report = try ReportRules.validate(valid(), today: today).get()
        #expect(report.status == .lost)
        #expect(report.petName == "Luna")
        #expect(report.reward == nil)
        #expect(report.description == "<b>shy</b>")
        #expect(report.sex == .female)
        #expect(report.lastSeenDate == today)
        let body = report.wireBody
        #expect(body.status == "MISSING" && body.sex == "FEMALE" && body.lastSeenDate == "2026-11-24")
    }

    @Test("the wire body leaves absent optionals out")
    func wireBodyOmitsNil() throws {
        let data = try JSONEncoder().encode(try ReportRules.validate(valid(), today: today).get().wireBody)
        let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys
        #expect(!keys.contains("reward") && !keys.contains("breed") && !keys.contains("phone"))
        #expect(Set(keys).isSubset(of: WireNewAnnouncement.acceptedKeys))
    }

    @Test("required fields")
    func required() {
        var input = valid()
        input.status = nil
        input.species = "  "
        input.sex = nil
        input.latitude = nil
        input.longitude = nil
        input.lastSeenDate = ""
        #expect(
            problems(input) == [
                .status: .missing, .species: .missing, .sex: .missing,
                .locationLatitude: .missing, .locationLongitude: .missing, .lastSeenDate: .missing,
            ])
    }

    @Test("status is MISSING or FOUND; a report is never created closed")
    func status() {
        for (value, ok) in [("MISSING", true), ("found", true), ("CLOSED", false), ("LOST", false)] {
            var input = valid()
            input.status = value
            #expect((problems(input)[.status] == nil) == ok, "\(value)")
        }
    }

    @Test("species is one the contract lists, in any case, and is sent as it spells it")
    func species() throws {
        var input = valid()
        input.species = " cat "
        #expect(try ReportRules.validate(input, today: today).get().species == "CAT")
        for value in ["DRAGON", "Cats", "CAT?"] {
            input.species = value
            #expect(problems(input) == [.species: .notAllowed], "\(value)")
        }
    }

    @Test("text holds no control characters; a description may break lines and indent")
    func controlCharacters() {
        for (field, value) in [
            (ReportField.petName, "Lu\u{0}na"), (.breed, "Tabby\u{1B}[31m"), (.reward, "500\tPLN"),
            (.phone, "600\n700"), (.description, "shy\u{7}"), (.email, "a\u{85}b@example.org"),
        ] {
            var input = valid()
            switch field {
            case .petName: input.petName = value
            case .breed: input.breed = value
            case .reward: input.reward = value
            case .phone: input.phone = value
            case .description: input.description = value
            default: input.email = value
            }
            #expect(problems(input) == [field: .controlCharacter], "\(field)")
        }
        var input = valid()
        input.description = "Grey tabby.\r\n\tShy with strangers."
        #expect(problems(input).isEmpty)
    }

    @Test("sex is one of the listed values")
    func sex() {
        var input = valid()
        input.sex = "UNKNOWN"
        #expect(problems(input).isEmpty)
        input.sex = "yes"
        #expect(problems(input) == [.sex: .notAllowed])
    }

    @Test(
        "age is a whole number above zero",
        arguments: [
            ("3", 3 as Int?, nil as ReportProblem?), ("", nil, nil), (" 12 ", 12, nil),
            ("0", nil, .notPositiveWholeNumber),
            ("-1", nil, .notPositiveWholeNumber), ("2.5", nil, .notPositiveWholeNumber),
            ("three", nil, .notPositiveWholeNumber),
            ("99999999999999999999", nil, .notPositiveWholeNumber),
        ])
    func age(text: String, value: Int?, problem: ReportProblem?) {
        switch ReportRules.age(fromText: text) {
        case .success(let age): #expect(problem == nil && age == value)
        case .failure(let found): #expect(found == problem)
        }
    }

    @Test("a zero or negative age in the body is refused")
    func ageInBody() {
        var input = valid()
        input.age = 0
        #expect(problems(input) == [.age: .notPositiveWholeNumber])
    }

    @Test("the microchip number holds digits only")
    func microchip() {
        var input = valid()
        input.microchipNumber = "61609 39"
        #expect(problems(input) == [.microchipNumber: .notDigits])
        input.microchipNumber = "٦١٦"  // Arabic-Indic digits are not 0–9
        #expect(problems(input) == [.microchipNumber: .notDigits])
    }

    @Test("coordinates lie on Earth")
    func coordinates() {
        var input = valid()
        input.latitude = 91
        input.longitude = -180.5
        #expect(problems(input) == [.locationLatitude: .outOfRange, .locationLongitude: .outOfRange])
        input.latitude = .nan
        input.longitude = 180
        #expect(problems(input) == [.locationLatitude: .outOfRange])
    }

    @Test(
        "the last-seen day is a real day, not after today",
        arguments: [
            ("2026-11-24", nil as ReportProblem?), ("2026-11-25", .inTheFuture), ("2026-02-30", .notADate),
            ("24.11.2026", .notADate), ("2026-11-24T10:00:00Z", .notADate), ("2020-01-01", nil),
        ])
    func lastSeen(text: String, problem: ReportProblem?) {
        var input = valid()
        input.lastSeenDate = text
        #expect(problems(input)[.lastSeenDate] == problem)
    }

    @Test("the server's today is the latest today on Earth")
    func latestToday() {
        // 2026-11-24 11:00 UTC is already the 25th in Kiritimati (UTC+14).
        let now = Date(timeIntervalSince1970: 1_795_518_000)
        #expect(CalendarDay(date: now, timeZone: TimeZone(identifier: "UTC")!) == today)
        #expect(CalendarDay.latestToday(now: now) == CalendarDay(year: 2026, month: 11, day: 25))
    }

    @Test(
        "an email address is plausible",
        arguments: [
            ("a@b.pl", true), ("owner.name+pets@mail.example.org", true), ("owner", false), ("@example.org", false),
            ("a@b", false), ("a@@b.pl", false), ("a b@c.pl", false), ("a@b..pl", false), ("a@.pl", false),
        ])
    func email(text: String, ok: Bool) {
        #expect((ReportRules.emailProblem(text) == nil) == ok)
    }

    @Test("a phone number has a digit to dial")
    func phone() {
        var input = valid()
        input.email = nil
        input.phone = "555-PETS"
        #expect(problems(input).isEmpty)
        input.phone = "call me"
        #expect(problems(input) == [.phone: .noDigit])
    }

    @Test("a report gives an email address or a phone number")
    func contact() {
        var input = valid()
        input.email = " "
        input.phone = nil
        #expect(problems(input) == [.contact: .noContact])
    }

    @Test("text fields have a length limit")
    func lengths() {
        var input = valid()
        input.description = String(repeating: "ż", count: 2001)
        input.petName = String(repeating: "a", count: 80)
        #expect(problems(input) == [.description: .tooLong(limit: 2000)])
    }

    @Test("the first problem follows the contract's key order")
    func firstProblem() {
        var input = valid()
        input.email = nil
        input.species = nil
        let first = ReportProblems(byField: problems(input)).first
        #expect(first?.field == .species)
    }

    @Test("a stored announcement is recognised as the same report")
    func matches() throws {
        let report = try ReportRules.validate(valid(), today: today).get()
        let stored = Announcement(
            id: "x", petName: "Luna", species: .cat, sex: .female, age: 3, description: "<b>shy</b>",
            microchipNumber: "616093900012345", coordinate: Coordinate(latitude: 52.2297, longitude: 21.0122)!,
            lastSeenDate: today, email: "owner@example.org", status: .lost, createdAt: Date()
        )
        #expect(report.matches(stored))
        var other = stored
        other.petName = "Lola"
        #expect(!report.matches(other))
    }

    @Test("photos are recognised by their first bytes")
    func photoKinds() {
        #expect(PhotoKind(sniffing: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(PhotoKind(sniffing: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(PhotoKind(sniffing: Array("GIF89a..".utf8)) == .gif)
        #expect(PhotoKind(sniffing: Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(PhotoKind(sniffing: Array("RIFF\0\0\0\0WAVEfmt ".utf8)) == nil)
        #expect(PhotoKind(sniffing: Array("<svg xmlns=".utf8)) == nil)
        #expect(PhotoKind(sniffing: [0xFF, 0xD8]) == nil)
        #expect(PhotoKind(sniffing: []) == nil)
    }
}
