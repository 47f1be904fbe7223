// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import Testing

@Suite("Display formatting for the UI")
struct FormattingTests {
    @Test("a long unbroken run gets a zero-width space every 32 characters; words do not")
    func wrappableText() {
        let run = String(repeating: "D", count: 100)
        #expect(run.wrappable().split(separator: "\u{200B}").map(\.count) == [32, 32, 32, 4])
        #expect(run.wrappable().replacingOccurrences(of: "\u{200B}", with: "") == run)
        let prose = "Grey tabby, very shy; answers to Luna. Microchipped-and-vaccinated."
        #expect(prose.wrappable() == prose)
        var details = Fixtures.announcement("d", name: "Kropka")
        details.description = "See " + run
        #expect(PetDetails(details, userLocation: nil).description?.contains("\u{200B}") == true)
    }

    @Test(
        "last-seen day, medium style, in the user's locale",
        arguments: [
            ("en_US", "Nov 15, 2025"),
            ("en_GB", "15 Nov 2025"),
        ])
    func lastSeen(locale: String, expected: String) throws {
        let day = try #require(CalendarDay(year: 2025, month: 11, day: 15))
        #expect(day.formatted(locale: Locale(identifier: locale)) == expected)
    }

    @Test("the day never shifts, whatever the day or locale")
    func noShift() throws {
        for (year, month, day) in [(2025, 1, 1), (2025, 12, 31), (2024, 2, 29)] {
            let calendarDay = try #require(CalendarDay(year: year, month: month, day: day))
            let text = calendarDay.formatted(locale: Locale(identifier: "en_US"))
            #expect(text.contains(String(day)), "\(text)")
            #expect(text.contains(String(year)), "\(text)")
        }
    }

    @Test(
        "approximate age",
        arguments: [
            (0, "Less than a year"), (1, "1 year"), (3, "3 years"), (15, "15 years"),
        ])
    func age(years: Int, expected: String) {
        #expect(AgeFormatting.approximateAge(years: years) == expected)
    }

    @Test("negative ages are not shown")
    func negativeAge() {
        #expect(AgeFormatting.approximateAge(years: -1) == nil)
    }

    @Test(
        "display name falls back to the species",
        arguments: [
            (String?.none, Species.dog, "Unnamed dog"),
            (nil, .cat, "Unnamed cat"),
            (nil, .bird, "Unnamed bird"),
            (nil, .rabbit, "Unnamed rabbit"),
            (nil, .other, "Unnamed pet"),
            ("  ", .cat, "Unnamed cat"),
            ("Luna", .cat, "Luna"),
        ])
    func displayName(name: String?, species: Species, expected: String) {
        #expect(Fixtures.announcement("x", name: name, species: species).displayName == expected)
    }

    @Test("display strings of the enums")
    func enumDisplayNames() {
        #expect(Species.allCases.map(\.displayName) == ["Dog", "Cat", "Bird", "Rabbit", "Other"])
        #expect(AnnouncementStatus.allCases.map(\.displayName) == ["Lost", "Found", "Closed"])
        #expect(AnnouncementStatus.allCases.map(\.badgeText) == ["LOST", "FOUND", "CLOSED"])
        #expect(Sex.allCases.map(\.displayName) == ["Male", "Female", "Unknown"])
    }

    @Test("card accessible name, with and without the user's location")
    func cardName() throws {
        var luna = Fixtures.announcement("l", name: "Luna", species: .cat, status: .lost)
        luna.coordinate = try #require(Coordinate(latitude: 52.25, longitude: 21.0))
        let user = try #require(Coordinate(latitude: 52.2297, longitude: 21.0122))
        let gb = Locale(identifier: "en_GB")
        #expect(luna.cardAccessibleName(userLocation: nil, locale: gb) == "Luna, Cat, Lost, last seen 15 Nov 2025")
        #expect(
            luna.cardAccessibleName(userLocation: user, locale: gb)
                == "Luna, Cat, Lost, last seen 15 Nov 2025, 2.4 km away")
    }

    @Test("location text prefers the address, else the coordinates")
    func locationText() {
        var pet = Fixtures.announcement("x", latitude: 52.2297, longitude: -21.0122)
        #expect(pet.locationText(locale: Locale(identifier: "en_US")) == "52.2297° N, 21.0122° W")
        #expect(pet.locationText(locale: Locale(identifier: "pl_PL")) == "52,2297° N, 21,0122° W")
        pet.address = "Oak Street 5"
        #expect(pet.locationText() == "Oak Street 5")
    }

    @Test("user messages for each repository error")
    func userMessages() {
        #expect(RepositoryError.unreachable.userMessage == "Can't reach the PetSpot server.")
        #expect(RepositoryError.timedOut.userMessage == "The server took too long to answer.")
        #expect(RepositoryError.badResponse("HTTP 500").userMessage == "The server sent a response PetSpot can't read.")
        #expect(RepositoryError.notFound.userMessage == "This report no longer exists.")
        #expect(
            RepositoryError.listTooLarge(limitBytes: 512_000_000).userMessage
                == "The server's list of reports is larger than 512 MB, the most PetSpot reads.")
        #expect(!RepositoryError.cancelled.userMessage.isEmpty)
    }
}
