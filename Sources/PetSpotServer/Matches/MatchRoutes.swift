// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import PetSpotDomain

/// `GET /api/v1/announcements/{id}/matches`: the reports that may be the same
/// pet as report `{id}`, likeliest first, at most `answeredLimit`, found by the
/// `MatchFinder` the details page uses (decision 0073). Only the reports
/// within the matcher's reach are read, through the region query.
struct MatchRoutes: Sendable {
    let database: any ReportDatabase
    var finder = MatchFinder()

    /// Below `APIRouter.announcementsPath`.
    static let path: RouterPath = "{id}/matches"
    /// The most matches one answer lists: the likeliest.
    static let answeredLimit = 50

    /// - Parameter group: `APIRouter.announcementsPath`.
    func addRoutes(to group: RouterGroup<BasicRequestContext>) {
        group.get(Self.path) { _, context in
            try await matches(context: context)
        }
    }

    /// `field: "id"` tells a client this 404 is about the report: a backend
    /// without the route answers its own 404, with no field.
    private static let noSuchReport = APIError(
        status: .notFound, code: .notFound, message: "No announcement with this id.", field: "id")

    private func matches(context: BasicRequestContext) async throws -> Response {
        guard let id = ReportIDParameter.id(in: context), let stored = try await database.announcement(id: id) else {
            throw Self.noSuchReport
        }
        return try JSONResponse.make(WirePossibleMatchList(data: try await possibleMatches(of: stored)))
    }

    /// Empty for a closed report, as the matcher answers; a stored report is
    /// always readable, but one that were not would match nothing either.
    func possibleMatches(of stored: WireAnnouncement) async throws -> [WirePossibleMatch] {
        guard let report = Announcement(wire: stored), report.status != .closed else { return [] }
        let candidates = try await database.announcements(in: Self.reach(of: finder, around: report.coordinate))
        var storedByID: [String: WireAnnouncement] = [:]
        var announcements: [Announcement] = []
        announcements.reserveCapacity(candidates.count)
        for candidate in candidates {
            guard let announcement = Announcement(wire: candidate) else { continue }
            storedByID[candidate.id] = candidate
            announcements.append(announcement)
        }
        return finder.matches(for: report, among: announcements).prefix(Self.answeredLimit).compactMap { match in
            storedByID[match.announcement.id].map {
                WirePossibleMatch(announcement: $0, score: match.score, reasons: WireMatchReasons(match.reasons))
            }
        }
    }

    /// The area holding every report the matcher could take: its reach,
    /// rounded up, and a kilometre more, since the area excludes its edge and
    /// the database's distance may differ from the matcher's in the last digits.
    static func reach(of finder: MatchFinder, around centre: Coordinate) -> SearchArea {
        SearchArea(
            latitude: centre.latitude, longitude: centre.longitude,
            radiusKilometres: Int(finder.maximumKilometres.rounded(.up)) + 1)
    }
}
