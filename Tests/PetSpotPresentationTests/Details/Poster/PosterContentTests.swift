// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import QRKit
import Testing

@testable import PetSpotPresentation

@Suite struct PosterContentTests {
    let page = URL(string: "http://127.0.0.1:8080/reports/luna")!
    let english = Locale(identifier: "en_GB")

    func luna() -> Announcement {
        var luna = Fixtures.announcement("luna", name: "Luna", breed: "Maine Coon", species: .cat)
        luna.sex = .female
        luna.age = 3
        luna.phone = "+48 555 123 456"
        luna.email = "anna@example.org"
        luna.reward = "500 PLN"
        luna.description = "Grey tabby with a white chest."
        luna.photoURL = URL(string: "http://127.0.0.1:8080/photos/luna.jpg")
        return luna
    }

    @Test func aLostPetsPosterSaysLostAndEverythingKnown() {
        let poster = PosterContent(luna(), pageURL: page, locale: english)
        #expect(poster.heading == "LOST")
        #expect(poster.name == "Luna")
        #expect(poster.facts == "Cat · Maine Coon · Female · 3 years")
        #expect(poster.lastSeen == "Last seen on 15 Nov 2025")
        #expect(poster.description == "Grey tabby with a white chest.")
        #expect(poster.phone == "+48 555 123 456")
        #expect(poster.email == "anna@example.org")
        #expect(poster.reward == "Reward: 500 PLN")
        #expect(poster.callToAction == "Seen this pet? Please get in touch")
        #expect(poster.photoURL == URL(string: "http://127.0.0.1:8080/photos/luna.jpg"))
    }

    @Test func aFoundPetsPosterSaysFound() {
        var found = luna()
        found.status = .found
        let poster = PosterContent(found, pageURL: nil, locale: english)
        #expect(poster.heading == "FOUND")
        #expect(poster.lastSeen == "Found on 15 Nov 2025")
        #expect(poster.callToAction == "Is this your pet? Please get in touch")
    }

    @Test func theQRCodeCarriesThePageWhenThereIsOne() throws {
        let qr = try #require(PosterContent(luna(), pageURL: page, locale: english).qrCode)
        #expect(qr.payload == .page)
        #expect(qr.text == "http://127.0.0.1:8080/reports/luna")
        #expect(qr.caption == "Scan to see the report")
        #expect(qr.code == (try QRCode(encoding: "http://127.0.0.1:8080/reports/luna")))
    }

    @Test func withoutAPageTheQRCodeCallsThePhone() throws {
        let qr = try #require(PosterContent(luna(), pageURL: nil, locale: english).qrCode)
        #expect(qr.payload == .phone)
        #expect(qr.text == "tel:+48555123456")
        #expect(qr.caption == "Scan to call")
    }

    @Test func aPageThatIsNotHTTPIsNotEncoded() throws {
        let qr = try #require(PosterContent(luna(), pageURL: URL(string: "file:///etc/passwd"), locale: english).qrCode)
        #expect(qr.payload == .phone)
    }

    @Test func withoutAPageOrPhoneTheQRCodeWritesAnEmail() throws {
        var pet = luna()
        pet.phone = nil
        let qr = try #require(PosterContent(pet, pageURL: nil, locale: english).qrCode)
        #expect(qr.payload == .email)
        #expect(qr.text == "mailto:anna@example.org")
        #expect(qr.caption == "Scan to send an email")
    }

    @Test func withNothingToCarryThereIsNoQRCode() {
        var pet = luna()
        pet.phone = nil
        pet.email = nil
        let poster = PosterContent(pet, pageURL: nil, locale: english)
        #expect(poster.qrCode == nil)
        #expect(poster.phone == nil)
        #expect(poster.email == nil)
        #expect(poster.callToAction == nil)
    }

    @Test func aPageTooLongToEncodeGivesWayToThePhone() throws {
        let long = URL(string: "http://example.org/reports/" + String(repeating: "a", count: QRCode.maximumBytes))!
        let qr = try #require(PosterContent(luna(), pageURL: long, locale: english).qrCode)
        #expect(qr.payload == .phone)
    }

    @Test func aPetWithoutANameOrPhotoStillHasAHeadingAndFacts() {
        var pet = Fixtures.announcement("rex", species: .dog)
        pet.sex = .unknown
        let poster = PosterContent(pet, pageURL: nil, locale: english)
        #expect(poster.name == nil)
        #expect(poster.heading == "LOST")
        #expect(poster.facts == "Dog", "an unknown sex is not printed")
        #expect(poster.photoURL == nil)
        #expect(poster.description == nil)
        #expect(poster.reward == nil)
        #expect(poster.qrCode == nil)
    }

    @Test func aLongDescriptionIsCutAtAWordWithAnEllipsis() throws {
        var pet = luna()
        pet.description = String(repeating: "friendly cat, ", count: 100)
        let description = try #require(PosterContent(pet, pageURL: nil, locale: english).description)
        #expect(description.count <= PosterContent.descriptionLimit)
        #expect(description.hasSuffix("cat…") || description.hasSuffix("friendly…"))
    }

    @Test func cuttingKeepsShortTextAndSplitsOneLongWord() {
        #expect(PosterContent.cut("short", to: 10) == "short")
        #expect(PosterContent.cut("abcdefghijklmnop", to: 10) == "abcdefghi…")
        #expect(PosterContent.cut("one two three four", to: 10) == "one two…")
    }

    @Test func cuttingKeepsAnOpeningQuoteOrBracketAndDropsPunctuationAtTheCut() {
        #expect(PosterContent.cut("\"Grey tabby, very shy\" she says", to: 15) == "\"Grey tabby…")
        #expect(PosterContent.cut("(Shy) grey tabby with white paws", to: 16) == "(Shy) grey…")
    }
}
