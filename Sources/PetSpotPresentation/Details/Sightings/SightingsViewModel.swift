// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Observation
import PetSpotDomain

/// One sighting as the details page and the map show it.
public struct SightingRow: Sendable, Hashable, Identifiable {
    public var id: String
    /// 1 for the newest: the number of its mark on the map.
    public var number: Int
    public var coordinate: Coordinate
    /// When it was seen, in the user's locale ("27 Nov 2026, 14:05").
    public var time: String
    /// "1.2 km from where it was last seen".
    public var distance: String
    public var note: String?
    public var contact: String?

    /// The row's accessible name: every part of it in one sentence.
    public var accessibleName: String {
        [time, distance, note, contact].compactMap { $0 }.joined(separator: ", ")
    }

    public init(_ sighting: Sighting, number: Int, lastSeenAt: Coordinate, locale: Locale = Localization.locale) {
        id = sighting.id
        self.number = number
        coordinate = sighting.coordinate
        time = SightingRow.timeText(sighting.seenAt, locale: locale)
        distance = Self.distanceText(from: sighting.coordinate, to: lastSeenAt, locale: locale)
        note = sighting.note
        contact = sighting.contact
    }

    /// "1.2 km from where it was last seen".
    public static func distanceText(
        from coordinate: Coordinate, to lastSeenAt: Coordinate, locale: Locale = Localization.locale
    ) -> String {
        tr(
            "{distance} from where it was last seen",
            ["distance": DistanceFormatting.kilometres(coordinate.distance(to: lastSeenAt), locale: locale)])
    }

    public static func timeText(_ date: Date, locale: Locale = Localization.locale) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened).locale(locale))
    }
}

/// A report's sightings on its details page (docs/BEHAVIOUR.md §1.4, §4.10):
/// fetched when the report is shown, hidden entirely when the backend has no
/// sightings, and a sighting sent from this app added without a fetch.
@MainActor
@Observable
public final class SightingsViewModel {
    public enum State: Equatable, Sendable {
        /// Nothing to show: no report, or a backend without sightings.
        case hidden
        case loading
        /// Newest first; empty says "No sightings yet".
        case loaded([SightingRow])
        case failed(message: String)
    }

    public private(set) var state: State = .hidden
    /// Whether I Saw This Pet is offered: the backend takes sightings and the
    /// report is open.
    public private(set) var canReport = false
    /// The report shown, for the form.
    public private(set) var announcement: Announcement?
    /// The sightings shown, newest first.
    public private(set) var sightings: [Sighting] = []

    @ObservationIgnored public let repository: any SightingsRepository
    /// The user's location, for the form's Use My Location.
    @ObservationIgnored private let location: UserLocation
    @ObservationIgnored private let locale: Locale
    @ObservationIgnored private var load: Task<Void, Never>?
    @ObservationIgnored private var generation = 0

    public init(
        repository: any SightingsRepository, location: UserLocation = UserLocation(),
        locale: Locale = Localization.locale
    ) {
        self.repository = repository
        self.location = location
        self.locale = locale
    }

    /// The I Saw This Pet form for the report shown; what it sends shows here at once.
    public func makeForm() -> SightingFormViewModel? {
        guard canReport, let announcement else { return nil }
        return SightingFormViewModel(report: announcement, repository: repository, userLocation: location) {
            [weak self] sighting in self?.added(sighting)
        }
    }

    /// The report on the page (nil: none); fetches its sightings when it is a new one.
    public func show(_ report: Announcement?) {
        let isSame = report?.id == announcement?.id && report != nil
        announcement = report
        guard let report else {
            cancel()
            state = .hidden
            canReport = false
            sightings = []
            return
        }
        if isSame {
            // An edit or a close: the rows keep their sightings, the distances and the button follow.
            canReport = report.status != .closed && state != .hidden
            if case .loaded = state { render() }
            return
        }
        fetch(report)
    }

    public func retry() {
        if let announcement { fetch(announcement) }
    }

    /// A sighting this app sent: shown at once, in its place by time.
    public func added(_ sighting: Sighting) {
        guard sighting.reportID == announcement?.id, !sightings.contains(where: { $0.id == sighting.id }) else {
            return
        }
        sightings = (sightings + [sighting]).sorted(by: Sighting.newestFirst)
        render()
    }

    /// Leaving the page: an unfinished fetch is no longer wanted.
    public func cancel() {
        load?.cancel()
        generation += 1
    }

    public func waitForCurrentLoad() async {
        await load?.value
    }

    private func fetch(_ report: Announcement) {
        load?.cancel()
        generation += 1
        let current = generation
        sightings = []
        state = .loading
        canReport = false
        load = Task { [repository] in
            do throws(SightingError) {
                let answer = try await repository.sightings(forReport: report.id)
                guard current == self.generation else { return }
                switch answer {
                case .unsupported:
                    self.state = .hidden
                    self.canReport = false
                case .sightings(let list):
                    self.sightings = list.sorted(by: Sighting.newestFirst)
                    self.canReport = report.status != .closed
                    self.render()
                }
            } catch {
                guard current == self.generation else { return }
                if error == .unsupported {
                    self.state = .hidden
                    self.canReport = false
                    return
                }
                self.state = .failed(message: error.userMessage)
                // The form may still work when only the list failed.
                self.canReport = report.status != .closed
            }
        }
    }

    private func render() {
        guard let announcement else { return }
        state = .loaded(
            sightings.enumerated().map { index, sighting in
                SightingRow(sighting, number: index + 1, lastSeenAt: announcement.coordinate, locale: locale)
            })
    }
}

extension SightingError {
    /// What the user reads; the technical detail is in the log.
    public var userMessage: String {
        switch self {
        case .transport(let error): error.userMessage
        case .unsupported: tr("This PetSpot server does not take sightings.")
        case .reportNotFound: tr("This report no longer exists.")
        case .reportClosed: tr("This report is closed: the pet is home.")
        case .tooMany: tr("Too many sightings sent from this computer lately. Try again later.")
        case .rejected: tr("The server did not accept the sighting.")
        }
    }
}
