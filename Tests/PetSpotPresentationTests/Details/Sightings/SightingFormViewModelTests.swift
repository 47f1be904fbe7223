// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@MainActor
@Suite("I Saw This Pet: the sighting form")
struct SightingFormViewModelTests {
    let repository = FakeSightingsRepository()
    nonisolated static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC
    let utc = TimeZone(identifier: "UTC")!

    func form(location: Coordinate? = nil, onSent: @escaping @MainActor (Sighting) -> Void = { _ in })
        -> SightingFormViewModel
    {
        SightingFormViewModel(
            report: Fixtures.announcement("luna", name: "Luna"), repository: repository,
            userLocation: UserLocation(location), now: { Self.now }, timeZone: utc, onSent: onSent)
    }

    @Test("it opens at now, says nothing before a change, and cannot send without a place")
    func defaults() {
        let form = form()
        #expect(form.day == CalendarDay(year: 2026, month: 11, day: 18))
        #expect(form.timeText == "11:06")
        #expect(form.message(for: .seenAt) == nil)
        #expect(form.message(for: .locationLatitude) == nil)
        #expect(!form.canSend)
        form.send()
        #expect(form.locationMessage != nil, "Send says what is missing")
        #expect(repository.posted.isEmpty)
    }

    @Test("a time in the future, or unreadable, is refused on its row")
    func time() {
        let form = form()
        form.setTimeText("23:59")
        #expect(form.message(for: .seenAt) == "This time is in the future")
        form.setTimeText("8.30")
        #expect(form.message(for: .seenAt) == "Enter the time as HH:MM")
        form.setTimeText("07:30")
        #expect(form.message(for: .seenAt) == nil)
        form.setDay(CalendarDay(year: 2025, month: 1, day: 1)!)
        #expect(form.message(for: .seenAt) == "This is more than a year ago")
    }

    @Test("note and contact follow the shared rules")
    func noteAndContact() {
        let form = form()
        form.setContact("call me maybe")
        #expect(form.message(for: .contact) == "Enter an email address or a phone number")
        form.setContact("ana@example.org")
        #expect(form.message(for: .contact) == nil)
        form.setNote(String(repeating: "a", count: 501))
        #expect(form.message(for: .note) == "At most 500 characters")
    }

    @Test("Use My Location fills the place; Send posts the sighting and hands the stored one back")
    func sends() async throws {
        var received: [Sighting] = []
        let form = form(location: Coordinate(latitude: 52.25, longitude: 21.0)!) { received.append($0) }
        #expect(form.canUseMyLocation)
        form.useMyLocation()
        form.setTimeText("07:05")
        form.setNote("  near the bakery ")
        #expect(form.canSend)
        form.send()
        #expect(form.state == .sending)
        #expect(!form.isEditable)
        await form.waitForSending()
        let posted = try #require(repository.posted.first)
        #expect(posted.reportID == "luna")
        #expect(posted.sighting.note == "near the bakery")
        #expect(posted.sighting.coordinate == Coordinate(latitude: 52.25, longitude: 21.0))
        #expect(WireSighting.timestampString(posted.sighting.seenAt) == "2026-11-18T07:05:00Z")
        guard case .sent(let stored) = form.state else {
            Issue.record("\(form.state)")
            return
        }
        #expect(received == [stored])
    }

    @Test("a failure says why and Retry sends again; typed coordinates are a place too")
    func failureThenRetry() async {
        repository.answerPosts([.failure(.transport(.timedOut))])
        let form = form()
        form.setLatitudeText("52,23")
        form.setLongitudeText("21.01")
        #expect(form.canSend)
        form.send()
        await form.waitForSending()
        #expect(form.state == .failed(message: RepositoryError.timedOut.userMessage))
        #expect(form.canSend)
        form.retry()
        await form.waitForSending()
        guard case .sent = form.state else {
            Issue.record("\(form.state)")
            return
        }
        #expect(repository.posted.count == 2)
    }

    @Test("a closed report or too many sightings says so")
    func refusals() async {
        repository.answerPosts([.failure(.reportClosed), .failure(.tooMany(retryAfterSeconds: 60))])
        let form = form()
        form.pickLocation(Coordinate(latitude: 1, longitude: 2)!)
        form.send()
        await form.waitForSending()
        #expect(form.state == .failed(message: "This report is closed: the pet is home."))
        form.retry()
        await form.waitForSending()
        #expect(form.state == .failed(message: "Too many sightings sent from this computer lately. Try again later."))
    }
}
