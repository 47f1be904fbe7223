// SPDX-License-Identifier: GPL-3.0-or-later

/// Where announcements come from. The HTTP implementation talks to a PetSpot
/// backend; view-model tests use fakes.
public protocol AnnouncementRepository: Sendable {
    /// Every valid announcement, or those within `region` (server-side
    /// Haversine filter) when given. Unsorted: apply an `AnnouncementListQuery`.
    func announcements(in region: SearchRegion?) async throws(RepositoryError) -> [Announcement]

    /// One announcement, fresh from the details endpoint.
    func announcement(id: String) async throws(RepositoryError) -> Announcement

    /// A page of reports from a backend that pages, else its whole list.
    func list(_ request: ReportListRequest) async throws(RepositoryError) -> ReportListAnswer
}

extension AnnouncementRepository {
    /// A backend that does not page: its whole list, whatever the request.
    public func list(_ request: ReportListRequest) async throws(RepositoryError) -> ReportListAnswer {
        .everything(try await announcements(in: nil))
    }
}
