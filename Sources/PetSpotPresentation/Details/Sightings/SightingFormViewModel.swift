// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Observation
import PetSpotDomain

/// I Saw This Pet (docs/BEHAVIOUR.md §1.4): when (a day and a time, now by
/// default, never in the future), where (the map, the user's location, or
/// typed coordinates), a note and an optional contact, checked by the
/// server's own `SightingRules`; Send, then the sighting as stored.
@MainActor
@Observable
public final class SightingFormViewModel: PlaceInputModel {
    public enum State: Equatable, Sendable {
        case editing
        case sending
        /// Retry sends the same sighting again.
        case failed(message: String)
        /// Stored: the form closes.
        case sent(Sighting)
    }

    public private(set) var state: State = .editing
    public private(set) var day: CalendarDay
    public private(set) var timeText: String
    public private(set) var location: ReportLocationInput = .none
    public private(set) var note = ""
    public private(set) var contact = ""
    /// Problems show on a field once it was changed, and on all after Send.
    public private(set) var touched: Set<SightingField> = []
    private var sendTried = false

    @ObservationIgnored public let reportID: String
    @ObservationIgnored public let petName: String
    /// Where the pet was last seen: where the map opens.
    @ObservationIgnored public let lastSeenAt: Coordinate
    @ObservationIgnored private let repository: any SightingsRepository
    @ObservationIgnored private let userLocation: UserLocation
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let timeZone: TimeZone
    @ObservationIgnored private let onSent: @MainActor (Sighting) -> Void
    @ObservationIgnored private var sending: Task<Void, Never>?

    public init(
        report: Announcement, repository: any SightingsRepository, userLocation: UserLocation,
        now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current,
        onSent: @escaping @MainActor (Sighting) -> Void
    ) {
        reportID = report.id
        petName = report.petName ?? ""
        lastSeenAt = report.coordinate
        self.repository = repository
        self.userLocation = userLocation
        self.now = now
        self.timeZone = timeZone
        self.onSent = onSent
        let parts = Self.calendar(timeZone).dateComponents([.year, .month, .day, .hour, .minute], from: now())
        day =
            CalendarDay(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? CalendarDay(year: 2000, month: 1, day: 1)!
        timeText = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    // MARK: Input

    public func setDay(_ newDay: CalendarDay) {
        day = newDay
        touched.insert(.seenAt)
    }

    public func setTimeText(_ text: String) {
        guard text != timeText else { return }
        timeText = text
        touched.insert(.seenAt)
    }

    public func pickLocation(_ coordinate: Coordinate) {
        location = .picked(coordinate, from: .map)
        touched.formUnion([.locationLatitude, .locationLongitude])
    }

    public var canUseMyLocation: Bool { userLocation.coordinate != nil }
    public var myLocation: Coordinate? { userLocation.coordinate }

    public func useMyLocation() {
        guard let here = userLocation.coordinate else { return }
        location = .picked(here, from: .myLocation)
        touched.formUnion([.locationLatitude, .locationLongitude])
    }

    public func setLatitudeText(_ text: String) {
        guard let typed = location.typing(latitude: text) else { return }
        location = typed
        touched.insert(.locationLatitude)
    }

    public func setLongitudeText(_ text: String) {
        guard let typed = location.typing(longitude: text) else { return }
        location = typed
        touched.insert(.locationLongitude)
    }

    public func setNote(_ text: String) {
        guard text != note else { return }
        note = text
        touched.insert(.note)
    }

    public func setContact(_ text: String) {
        guard text != contact else { return }
        contact = text
        touched.insert(.contact)
    }

    // MARK: Checking

    /// The moment typed, in the user's time zone; nil when the time is not `H:MM`.
    public var seenAt: Date? {
        let pieces = timeText.trimmingCharacters(in: .whitespaces).split(
            separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2, (1...2).contains(pieces[0].count), pieces[1].count == 2,
            let hour = Int(pieces[0]), let minute = Int(pieces[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
        return Self.calendar(timeZone).date(from: components)
    }

    private var input: SightingInput {
        SightingInput(
            seenAt: seenAt.map(WireSighting.timestampString) ?? (timeText.isEmpty ? nil : "unreadable"),
            latitude: ReportLocationInput.ruleValue(location.latitudeText),
            longitude: ReportLocationInput.ruleValue(location.longitudeText), note: note, contact: contact)
    }

    private var problems: [SightingField: SightingProblem] {
        if case .failure(let problems) = SightingRules.validate(input, now: now()) { return problems.byField }
        return [:]
    }

    /// What is wrong with `field`, once it should be said.
    public func message(for field: SightingField) -> String? {
        guard sendTried || touched.contains(field), let problem = problems[field] else { return nil }
        return Self.text(problem, field: field)
    }

    public var latitudeMessage: String? { message(for: .locationLatitude) }
    public var longitudeMessage: String? { message(for: .locationLongitude) }

    /// Said under Place while no place is given.
    public var locationMessage: String? {
        guard location.coordinate == nil, sendTried else { return nil }
        return tr("Pick the place on the map, use your location, or type the coordinates")
    }

    public var canSend: Bool {
        switch state {
        case .editing, .failed: problems.isEmpty
        case .sending, .sent: false
        }
    }

    public var isEditable: Bool { state != .sending }

    // MARK: Sending

    public func send() {
        sendTried = true
        guard canSend, case .success(let sighting) = SightingRules.validate(input, now: now()) else { return }
        state = .sending
        let id = reportID
        sending = Task { [repository] in
            do throws(SightingError) {
                let stored = try await repository.post(sighting, toReport: id)
                self.state = .sent(stored)
                self.onSent(stored)
            } catch {
                self.state = .failed(message: error.userMessage)
            }
        }
    }

    public func retry() { send() }

    public func waitForSending() async { await sending?.value }

    static func text(_ problem: SightingProblem, field: SightingField) -> String {
        switch problem {
        case .missing:
            field == .seenAt ? tr("Enter the time as HH:MM") : tr("Required")
        case .notADateTime: tr("Enter the time as HH:MM")
        case .inTheFuture: tr("This time is in the future")
        case .tooOld: tr("This is more than a year ago")
        case .outOfRange: tr("Out of range")
        case .tooLong(let limit): trn("At most {count} character", "At most {count} characters", count: limit)
        case .controlCharacter: tr("Remove the control characters")
        case .notAContact: tr("Enter an email address or a phone number")
        case .refusedByServer: tr("Not accepted by the server")
        }
    }

    private static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
