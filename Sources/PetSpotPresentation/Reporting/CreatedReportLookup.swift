// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// The lost-answer rule: a request to create a report whose answer never came
/// may have arrived, so before sending it again the server is asked whether
/// it has the report already. The form's Retry and the reports sent when
/// online both look for it this way.
enum CreatedReportLookup {
    /// How much earlier than the first attempt the server's clock may date a
    /// report that attempt created.
    static let clockSkewAllowance: TimeInterval = 5 * 60

    /// The newest report on the server that is one of `reports` and was
    /// created since the first attempt. Each attempt's place is asked for
    /// (the server filters by distance), not the whole list.
    static func find(
        _ reports: [NewReport], since: Date, in repository: any AnnouncementRepository
    ) async -> Result<Announcement?, RepositoryError> {
        let earliest = since.addingTimeInterval(-clockSkewAllowance)
        var places: [Coordinate] = []
        for report in reports where !places.contains(report.coordinate) { places.append(report.coordinate) }
        var created: [Announcement] = []
        for place in places {
            do throws(RepositoryError) {
                let nearby = try await repository.announcements(in: SearchRegion(centre: place, rangeKilometres: 1))
                created += nearby.filter { announcement in
                    announcement.createdAt >= earliest && reports.contains { $0.matches(announcement) }
                }
            } catch {
                return .failure(error)
            }
        }
        return .success(created.max { $0.createdAt < $1.createdAt })
    }
}
