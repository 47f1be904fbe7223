// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@Suite struct MapPinTests {
    private let english = Locale(identifier: "en_GB")

    private func luna(description: String? = nil, phone: String? = nil, email: String? = "owner@example.org")
        -> Announcement
    {
        Announcement(
            id: "luna", petName: "Luna", species: .cat, breed: "Maine Coon", description: description,
            coordinate: Coordinate(latitude: 52.23, longitude: 21.01)!,
            lastSeenDate: CalendarDay(year: 2025, month: 11, day: 15)!, email: email, phone: phone,
            photoURL: URL(string: "http://127.0.0.1:3000/images/luna.jpg"), status: .lost,
            createdAt: Date(timeIntervalSince1970: 1_763_200_000))
    }

    @Test(arguments: [(91.0, 0.0), (-90.5, 10), (0, 180.01), (0, -181), (.nan, 0), (0, .infinity)])
    func givenAnOutOfRangeCoordinate_thenNoneExistsToPin(latitude: Double, longitude: Double) {
        #expect(Coordinate(latitude: latitude, longitude: longitude) == nil)
    }

    @Test func givenAnAnnouncement_thenThePinShowsTheCardsStrings() {
        let near = Coordinate(latitude: 52.25, longitude: 21.01)!
        for userLocation in [nil, near] {
            let card = AnnouncementCard(luna(), userLocation: userLocation, locale: english)
            let pin = MapPin(luna(), userLocation: userLocation, locale: english)

            #expect(pin.accessibleName == card.accessibleName)
            #expect(pin.title == card.title)
            #expect(pin.subtitle == card.subtitle)
            #expect(pin.lastSeenText == card.lastSeenText)
        }
        let pin = MapPin(luna(), userLocation: near, locale: english)
        #expect(pin.accessibleName == "Luna, Cat, Lost, last seen 15 Nov 2025, 2.2 km away")
        #expect(pin.subtitle == "Cat · Maine Coon")
        #expect(pin.id == "luna")
        #expect(pin.status == .lost)
        #expect(pin.species == .cat)
        #expect(pin.coordinate == Coordinate(latitude: 52.23, longitude: 21.01))
        #expect(pin.photoURL?.lastPathComponent == "luna.jpg")
    }

    @Test func givenPhoneAndEmail_thenTheContactIsThePhoneElseTheEmail() {
        #expect(MapPin(luna(phone: "555-PETS"), userLocation: nil).contact == "555-PETS")
        #expect(MapPin(luna(phone: nil), userLocation: nil).contact == "owner@example.org")
    }

    @Test func givenALongDescription_thenItIsCutOnAWordBoundaryWithAnEllipsis() throws {
        let description = String(repeating: "Friendly grey tabby, answers to Luna. ", count: 8)

        let short = try #require(MapPin(luna(description: description), userLocation: nil).shortDescription)

        #expect(short.hasSuffix("…"))
        let kept = String(short.dropLast())
        #expect(kept.count <= ShortDescription.characterLimit)
        #expect(kept.count >= ShortDescription.characterLimit / 2)
        #expect(description.hasPrefix(kept))
        let next = description[description.index(description.startIndex, offsetBy: kept.count)]
        #expect(next == " " || next == "," || next == ".", "the cut falls between words")
        #expect(kept.last?.isLetter == true, "no dangling punctuation before the ellipsis")
    }

    @Test func givenAShortDescription_thenItIsKeptWithWhitespaceTidied() {
        #expect(
            MapPin(luna(description: "Grey tabby.\n\nVery  shy."), userLocation: nil).shortDescription
                == "Grey tabby. Very shy.")
        #expect(MapPin(luna(description: nil), userLocation: nil).shortDescription == nil)
        let exactlyAtTheLimit = String(repeating: "a", count: ShortDescription.characterLimit)
        #expect(ShortDescription.make(from: exactlyAtTheLimit) == exactlyAtTheLimit)
    }

    @Test func givenOneVeryLongWord_thenItIsCutAtTheLimit() {
        let word = String(repeating: "x", count: 400)
        #expect(
            ShortDescription.make(from: word) == String(repeating: "x", count: ShortDescription.characterLimit) + "…")
    }

    @Test func givenAWordEndingExactlyAtTheLimit_thenThatWordIsKept() {
        let words = String(repeating: "word ", count: 27) + "abcde"  // 140 characters, then " tail"
        #expect(ShortDescription.make(from: words + " tail") == words + "…")
    }

    @Test func givenDetails_thenThePinMatchesTheOneFromTheAnnouncement() {
        let near = Coordinate(latitude: 52.25, longitude: 21.01)!
        let announcement = luna(description: String(repeating: "Very shy cat. ", count: 20), phone: "555-PETS")

        let fromDetails = MapPin(PetDetails(announcement, userLocation: near, locale: english))

        #expect(fromDetails == MapPin(announcement, userLocation: near, locale: english))
    }
}
