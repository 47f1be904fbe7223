// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain

/// The details page's repository: each report's details fetched are kept in
/// the offline cache, and when the backend cannot be reached the details
/// kept (else the cached list's copy) are shown instead of the error. A report
/// the backend says does not exist stays an error. Lists pass straight
/// through: the store keeps and falls back to those itself.
public struct OfflineDetailsRepository: AnnouncementRepository {
    private let base: any AnnouncementRepository
    private let cache: OfflineCache

    public init(_ base: any AnnouncementRepository, cache: OfflineCache) {
        self.base = base
        self.cache = cache
    }

    @concurrent
    public func announcements(in region: SearchRegion?) async throws(RepositoryError) -> [Announcement] {
        try await base.announcements(in: region)
    }

    @concurrent
    public func list(_ request: ReportListRequest) async throws(RepositoryError) -> ReportListAnswer {
        try await base.list(request)
    }

    @concurrent
    public func announcement(id: String) async throws(RepositoryError) -> Announcement {
        do throws(RepositoryError) {
            let fresh = try await base.announcement(id: id)
            cache.saveDetails(fresh)
            return fresh
        } catch {
            guard error.isWorthTheOfflineCache, let cached = cache.cachedDetails(id: id) else { throw error }
            return cached
        }
    }
}
