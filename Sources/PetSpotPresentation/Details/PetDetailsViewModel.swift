// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Observation
import PetSpotDomain

/// The details page: one announcement fetched from the details endpoint (never
/// from the list cache, so it is fresh), with its own loading and error states.
@MainActor
@Observable
public final class PetDetailsViewModel {
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded(PetDetails)
        /// `isNotFound`: the report no longer exists, so Retry will not help.
        case failed(message: String, isNotFound: Bool)
    }

    public private(set) var state: State = .idle
    public private(set) var announcementID: String?
    /// The reports that may be the same pet, when the page shows them.
    public let matches: PossibleMatchesViewModel?
    /// The report's sightings, when the backend may have them.
    public let sightings: SightingsViewModel?

    @ObservationIgnored private let repository: any AnnouncementRepository
    @ObservationIgnored private let location: UserLocation
    /// The report shown, to say how far away it is once the location arrives
    /// (and for its poster).
    @ObservationIgnored public private(set) var shownAnnouncement: Announcement?
    @ObservationIgnored private let locale: Locale
    @ObservationIgnored private var currentLoad: Task<Void, Never>?
    @ObservationIgnored private var loadGeneration = 0

    public convenience init(
        repository: any AnnouncementRepository, userLocation: Coordinate?, locale: Locale = Localization.locale
    ) {
        self.init(repository: repository, location: UserLocation(userLocation), locale: locale)
    }

    public init(
        repository: any AnnouncementRepository, location: UserLocation, locale: Locale = Localization.locale,
        matches: PossibleMatchesViewModel? = nil, sightings: SightingsViewModel? = nil
    ) {
        self.repository = repository
        self.location = location
        self.locale = locale
        self.matches = matches
        self.sightings = sightings
        location.onChange { [weak self] _ in self?.locationChanged() }
    }

    private func locationChanged() {
        guard case .loaded = state, let shownAnnouncement else { return }
        state = .loaded(PetDetails(shownAnnouncement, userLocation: location.coordinate, locale: locale))
    }

    /// This app changed a report (closed or edited it from My Reports): when it
    /// is the one shown, the page shows the change without a fetch.
    public func reportChanged(_ announcement: Announcement) {
        guard announcementID == announcement.id, case .loaded = state else { return }
        shownAnnouncement = announcement
        matches?.show(announcement)
        sightings?.show(announcement)
        state = .loaded(PetDetails(announcement, userLocation: location.coordinate, locale: locale))
    }

    public func load(id: String) {
        announcementID = id
        currentLoad?.cancel()
        loadGeneration += 1
        let generation = loadGeneration
        state = .loading
        shownAnnouncement = nil
        matches?.show(nil)
        sightings?.show(nil)
        let locale = self.locale
        currentLoad = Task { [repository] in
            do throws(RepositoryError) {
                let announcement = try await repository.announcement(id: id)
                guard generation == self.loadGeneration else { return }
                self.shownAnnouncement = announcement
                self.matches?.show(announcement)
                self.sightings?.show(announcement)
                self.state = .loaded(PetDetails(announcement, userLocation: self.location.coordinate, locale: locale))
            } catch {
                // A newer load or leaving the page changes the generation; a
                // `.cancelled` of the current load came from below and ends it too.
                guard generation == self.loadGeneration else { return }
                self.state = .failed(message: error.userMessage, isNotFound: error == .notFound)
            }
        }
    }

    public func retry() {
        if let announcementID { load(id: announcementID) }
    }

    /// Leaving the page: an unfinished load is no longer wanted.
    public func cancel() {
        currentLoad?.cancel()
        loadGeneration += 1
        matches?.show(nil)
        sightings?.cancel()
    }

    public func waitForCurrentLoad() async {
        await currentLoad?.value
    }
}
