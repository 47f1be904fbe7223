// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import Testing

/// `ReportChanges(from:to:)`: what differs between a report as read and the
/// form's values, and nothing else.
@Suite("ReportChanges: only what changed")
struct ReportChangesTests {
    static let today = CalendarDay(year: 2026, month: 11, day: 20)!

    static let original = Announcement(
        id: "r1", petName: "Burek", species: .dog, breed: "Mixed", sex: .male, age: 4,
        description: "Brown, white paws", microchipNumber: "616093900012345",
        coordinate: Coordinate(latitude: 52.2297, longitude: 21.0122)!,
        lastSeenDate: CalendarDay(year: 2026, month: 11, day: 15)!, email: "owner@example.org",
        phone: "555 0101", status: .lost, reward: "200 PLN", createdAt: Date(timeIntervalSince1970: 1_800_000_000))

    /// The report the form makes from `original`'s values with `change` applied.
    static func report(_ change: (inout ReportInput) -> Void = { _ in }) throws -> NewReport {
        var input = ReportInput(
            status: "MISSING", petName: "Burek", species: "DOG", breed: "Mixed", sex: "MALE", age: 4,
            description: "Brown, white paws", microchipNumber: "616093900012345", latitude: 52.2297,
            longitude: 21.0122, lastSeenDate: "2026-11-15", email: "owner@example.org", phone: "555 0101",
            reward: "200 PLN")
        change(&input)
        return try ReportRules.validate(input, today: today).get()
    }

    @Test("the same values change nothing")
    func nothing() throws {
        #expect(ReportChanges(from: Self.original, to: try Self.report()).isEmpty)
    }

    @Test("only the phone changed: only the phone is sent")
    func onlyPhone() throws {
        let changes = ReportChanges(from: Self.original, to: try Self.report { $0.phone = "555 0199" })
        #expect(changes.values == [.phone: .text("555 0199")])
    }

    @Test("an emptied optional is null; a status, a species, a day and a place are sent as the contract writes them")
    func several() throws {
        let changes = ReportChanges(
            from: Self.original,
            to: try Self.report {
                $0.reward = "  "
                $0.status = "FOUND"
                $0.species = "cat"
                $0.lastSeenDate = "2026-11-16"
                $0.latitude = 52.23
                $0.age = nil
            })
        #expect(
            changes.values == [
                .reward: .null, .status: .text("FOUND"), .species: .text("CAT"), .lastSeenDate: .text("2026-11-16"),
                .locationLatitude: .number(52.23), .age: .null,
            ])
        #expect(changes.fields == [.status, .species, .age, .locationLatitude, .lastSeenDate, .reward])
    }

    @Test("a species read as Other stays unsent while Other is kept; a place within the form's rounding is unchanged")
    func readDifferently() throws {
        var original = Self.original
        original.species = .other  // the server said HAMSTER
        original.coordinate = Coordinate(latitude: 52.22970012, longitude: 21.01219988)!
        let changes = ReportChanges(from: original, to: try Self.report { $0.species = "OTHER" })
        #expect(changes.isEmpty)
    }

    @Test("closing is the status CLOSED alone")
    func closing() {
        #expect(ReportChanges.closing.values == [.status: .text("CLOSED")])
    }
}
