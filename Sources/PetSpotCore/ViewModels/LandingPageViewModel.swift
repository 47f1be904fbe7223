import Foundation
import Observation

/// The Home page: the five newest announcements.
@MainActor
@Observable
public final class LandingPageViewModel {
    public let recentReports: AnnouncementCardsListViewModel

    public init(repository: any AnnouncementRepository, userLocation: Coordinate?, locale: Locale = .current) {
        var query = AnnouncementListQuery.landingPage
        query.userLocation = userLocation
        recentReports = AnnouncementCardsListViewModel(repository: repository, query: query, locale: locale)
    }

    /// First display: load once.
    public func start() {
        if recentReports.state == .idle { recentReports.setQuery(recentReports.query) }
    }

    public func reload() { recentReports.reload() }
}
