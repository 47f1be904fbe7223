// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// Decides, after each check of the backend, which reports are news: new
/// since alerts were turned on, never announced before (the memory on disk
/// outlives the process), and either within the radius and of the chosen
/// statuses and species, or a possible match for one of the user's own
/// reports whatever the distance. A failed check announces nothing and
/// forgets nothing.
@MainActor
public final class AlertWatcher {
    /// More new reports than this in one check become one summary.
    nonisolated public static let summaryThreshold = 3
    /// A report created this long before alerts were turned on is never
    /// news, even once its id has left the memory; the slack is for a
    /// backend whose clock runs a little ahead of ours.
    nonisolated public static let baselineSlack: TimeInterval = 10 * 60

    private let storage: any AlertMemoryStoring
    public private(set) var memory: AlertMemory
    private let matchFinder = MatchFinder()

    public init(storage: any AlertMemoryStoring) {
        self.storage = storage
        memory = storage.load()
    }

    /// Notes that alerts are on or off: turning them on starts a new baseline,
    /// so reports already there are not announced.
    public func settingsChanged(_ settings: AlertSettings, now: Date = Date()) {
        if settings.isEnabled, memory.enabledAt == nil {
            memory.enabledAt = now
            memory.hasBaseline = false
            storage.save(memory)
        } else if !settings.isEnabled, memory.enabledAt != nil {
            memory.enabledAt = nil
            memory.hasBaseline = false
            storage.save(memory)
        }
    }

    /// What to notify after one check.
    /// - Parameters:
    ///   - outcome: the backend's list, or why it could not be fetched.
    ///   - userLocation: where the user is, for a radius around My Location.
    ///   - ownReportIDs: the reports this user created (My Reports).
    ///   - ownSightings: the sightings of those reports, by report id (a
    ///     report whose sightings could not be fetched is left out).
    public func check(
        _ outcome: Result<[Announcement], RepositoryError>, settings: AlertSettings, userLocation: Coordinate?,
        ownReportIDs: Set<String> = [], ownSightings: [String: [Sighting]] = [:], now: Date = Date()
    ) -> [AlertNotification] {
        settingsChanged(settings, now: now)
        guard settings.isEnabled, let enabledAt = memory.enabledAt, case .success(let reports) = outcome else {
            return []
        }
        let since = enabledAt.addingTimeInterval(-Self.baselineSlack)
        // Only what was created since alerts were turned on is remembered: the
        // date alone keeps anything older quiet, and remembering it too would
        // let a long list push announced ids out of the bounded memory, which
        // would then be announced again.
        let recentIDs = reports.filter { $0.createdAt >= since }.map(\.id)
        let sightingKeys = ownSightings.values.flatMap { $0.filter { $0.createdAt >= since }.map(Self.key(of:)) }
        guard memory.hasBaseline else {
            memory.remember(recentIDs + sightingKeys)
            memory.hasBaseline = true
            storage.save(memory)
            return []
        }
        let seen = Set(memory.seen)
        let fresh = reports.filter { !seen.contains($0.id) && $0.createdAt >= since }
        let own = reports.filter { ownReportIDs.contains($0.id) && $0.status != .closed }
        let newSightings = sightingNotifications(own: own, sightings: ownSightings, seen: seen, since: since)
        guard !fresh.isEmpty || !newSightings.isEmpty else { return [] }
        let centre = Self.centre(of: settings, userLocation: userLocation)
        var notifications: [AlertNotification] = []
        for report in fresh where report.status != .closed && !ownReportIDs.contains(report.id) {
            if let notification = matchNotification(for: report, own: own)
                ?? nearbyNotification(
                    for: report, settings: settings, centre: centre)
            {
                notifications.append(notification)
            }
        }
        notifications += newSightings
        memory.remember(recentIDs.filter { !seen.contains($0) } + sightingKeys)
        storage.save(memory)
        guard notifications.count > Self.summaryThreshold else { return notifications }
        return [
            AlertNotification(
                id: "summary", title: AlertTexts.summary(count: notifications.count),
                body: notifications.map(\.title).prefix(Self.summaryThreshold).joined(separator: "\n"),
                reportID: nil)
        ]
    }

    /// The centre the radius is measured from; nil when it is My Location and
    /// that is not known (no radius alerts then, only matches).
    public static func centre(of settings: AlertSettings, userLocation: Coordinate?) -> Coordinate? {
        switch settings.centre {
        case .myLocation: userLocation
        case .place(let place): place
        }
    }

    /// Whether `report` is within the settings' radius, statuses and species.
    public static func isWanted(_ report: Announcement, settings: AlertSettings, centre: Coordinate?) -> Bool {
        guard let centre, settings.statuses.contains(report.status), settings.species.contains(report.species)
        else { return false }
        return report.coordinate.distance(to: centre) <= Double(settings.radiusKilometres)
    }

    private func nearbyNotification(
        for report: Announcement, settings: AlertSettings, centre: Coordinate?
    ) -> AlertNotification? {
        guard let centre, Self.isWanted(report, settings: settings, centre: centre) else { return nil }
        return AlertNotification(
            id: "report-\(report.id)",
            title: AlertTexts.nearby(report, distance: report.coordinate.formattedDistance(to: centre)),
            body: report.locationText(), reportID: report.id, photoURL: report.photoURL)
    }

    private static func key(of sighting: Sighting) -> String { "sighting:\(sighting.id)" }

    /// New sightings of the user's own open reports, whatever the radius.
    private func sightingNotifications(
        own: [Announcement], sightings: [String: [Sighting]], seen: Set<String>, since: Date
    ) -> [AlertNotification] {
        own.flatMap { report in
            (sightings[report.id] ?? []).filter { !seen.contains(Self.key(of: $0)) && $0.createdAt >= since }
                .map { sighting in
                    AlertNotification(
                        id: "sighting-\(sighting.id)",
                        title: AlertTexts.sighting(
                            of: report, distance: sighting.coordinate.formattedDistance(to: report.coordinate)),
                        body: sighting.note ?? "", reportID: report.id, photoURL: report.photoURL)
                }
        }
    }

    private func matchNotification(for report: Announcement, own: [Announcement]) -> AlertNotification? {
        for mine in own {
            guard let match = matchFinder.matches(for: mine, among: [report]).first else { continue }
            return AlertNotification(
                id: "report-\(report.id)",
                title: AlertTexts.possibleMatch(
                    for: mine, candidate: report,
                    distance: DistanceFormatting.kilometres(match.announcement.coordinate.distance(to: mine.coordinate))
                ),
                body: report.locationText(), reportID: report.id, photoURL: report.photoURL)
        }
        return nil
    }
}
