// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

@Suite("The rules a sighting meets, shared by the form and the server")
struct SightingRulesTests {
    private static let now = Date(timeIntervalSince1970: 1_795_000_000)

    private static func input(
        seenAt: String? = WireSighting.timestampString(now), latitude: Double? = 52.2, longitude: Double? = 21.0,
        note: String? = nil, contact: String? = nil
    ) -> SightingInput {
        SightingInput(seenAt: seenAt, latitude: latitude, longitude: longitude, note: note, contact: contact)
    }

    private static func problems(_ input: SightingInput) -> [SightingField: SightingProblem] {
        if case .failure(let problems) = SightingRules.validate(input, now: now) { return problems.byField }
        return [:]
    }

    @Test("a valid sighting is cleaned: texts trimmed, empty ones dropped")
    func valid() throws {
        let result = SightingRules.validate(
            Self.input(note: "  near the park \n", contact: "   "), now: Self.now)
        let sighting = try result.get()
        #expect(sighting.note == "near the park")
        #expect(sighting.contact == nil)
        #expect(sighting.seenAt == Self.now)
        #expect(sighting.wireBody.seenAt == WireSighting.timestampString(Self.now))
    }

    @Test("when: required, a date and time, within the clock skew ahead and a year back")
    func seenAt() {
        #expect(Self.problems(Self.input(seenAt: nil))[.seenAt] == .missing)
        #expect(Self.problems(Self.input(seenAt: "  "))[.seenAt] == .missing)
        #expect(Self.problems(Self.input(seenAt: "2026-11-20"))[.seenAt] == .notADateTime)
        #expect(Self.problems(Self.input(seenAt: "tomorrow"))[.seenAt] == .notADateTime)
        let ahead = WireSighting.timestampString(Self.now.addingTimeInterval(299))
        #expect(Self.problems(Self.input(seenAt: ahead)).isEmpty, "a fast clock is tolerated")
        let future = WireSighting.timestampString(Self.now.addingTimeInterval(301))
        #expect(Self.problems(Self.input(seenAt: future))[.seenAt] == .inTheFuture)
        let yearAgo = WireSighting.timestampString(Self.now.addingTimeInterval(-364 * 86_400))
        #expect(Self.problems(Self.input(seenAt: yearAgo)).isEmpty)
        let older = WireSighting.timestampString(Self.now.addingTimeInterval(-366 * 86_400))
        #expect(Self.problems(Self.input(seenAt: older))[.seenAt] == .tooOld)
    }

    @Test("where: both coordinates required and in range")
    func location() {
        #expect(Self.problems(Self.input(latitude: nil))[.locationLatitude] == .missing)
        #expect(Self.problems(Self.input(latitude: 90.5))[.locationLatitude] == .outOfRange)
        #expect(Self.problems(Self.input(longitude: .nan))[.locationLongitude] == .outOfRange)
        #expect(Self.problems(Self.input(longitude: nil))[.locationLongitude] == .missing)
    }

    @Test("the note is bounded and holds no control characters but line breaks and tabs")
    func note() {
        #expect(Self.problems(Self.input(note: String(repeating: "a", count: 500))).isEmpty)
        #expect(Self.problems(Self.input(note: String(repeating: "a", count: 501)))[.note] == .tooLong(limit: 500))
        #expect(Self.problems(Self.input(note: "a\tb\nc")).isEmpty)
        #expect(Self.problems(Self.input(note: "a\u{1B}b"))[.note] == .controlCharacter)
    }

    @Test("the contact is an e-mail address or a phone number, by the report's rules")
    func contact() {
        #expect(Self.problems(Self.input(contact: "ana@example.org")).isEmpty)
        #expect(Self.problems(Self.input(contact: "+48 600 100 200")).isEmpty)
        #expect(Self.problems(Self.input(contact: "call me"))[.contact] == .notAContact)
        #expect(Self.problems(Self.input(contact: "ana@example"))[.contact] == .notAContact)
        #expect(Self.problems(Self.input(contact: String(repeating: "1", count: 33)))[.contact] == .tooLong(limit: 32))
        #expect(Self.problems(Self.input(contact: "1\u{0}"))[.contact] == .controlCharacter)
    }

    @Test("the first problem follows the contract's key order")
    func order() {
        let result = SightingRules.validate(Self.input(seenAt: "x", latitude: 99, note: "\u{7}"), now: Self.now)
        guard case .failure(let problems) = result else {
            Issue.record("accepted")
            return
        }
        #expect(problems.first?.field == .seenAt)
    }

    @Test("a wire sighting reads into the domain; a broken one does not")
    func wire() {
        let wire = WireSighting(
            id: "s1", announcementId: "r1", seenAt: "2026-11-20T10:00:00.000Z", locationLatitude: 1,
            locationLongitude: 2, note: " hi ", contact: nil, createdAt: "2026-11-20T10:01:00.000Z")
        #expect(wire.sighting?.note == "hi")
        var broken = wire
        broken.locationLatitude = 100
        #expect(broken.sighting == nil)
        broken = wire
        broken.seenAt = "yesterday"
        #expect(broken.sighting == nil)
    }
}
