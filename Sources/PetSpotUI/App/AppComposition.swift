// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotDomain
import PetSpotPresentation
import ShumateKit

/// The composition root: builds the object graph once — the shared store,
/// view models, coordinators and pages — so the window only arranges pages.
@MainActor
struct AppComposition {
    let coordinator: AppCoordinator
    /// In the order the view switcher shows them; the first is shown at start.
    let pages: [any AppPage]
    let isDemoData: Bool
    /// Report a Pet and My Reports, when the environment can send reports.
    let reportWindows: ReportWindows?

    /// - Parameter store: the environment's announcements, when the caller
    ///   created them early to start fetching (see `PetSpotApplication`).
    /// - Parameter settings: the Reports filter and sort are restored from it,
    ///   through the view model as a user's choice would be.
    /// - Parameter applicationHold: keeps the app running while a report is on its way.
    /// - Parameter outbox: the process's one outbox (`ReportWindows.makeOutbox`),
    ///   kept by the caller across windows.
    init(
        environment: AppEnvironment, store: AnnouncementStore? = nil, settings: AppSettings = .standard,
        applicationHold: (any ApplicationHold)? = nil, outbox: Outbox? = nil
    ) {
        let photos = PhotoLoader(
            fetcher: environment.offlineCache.map { OfflinePhotoFetcher(base: environment.photoFetcher, cache: $0) }
                ?? environment.photoFetcher)
        let store =
            store
            ?? AnnouncementStore(
                repository: environment.repository, userLocation: environment.userLocation,
                offlineCache: environment.offlineCache)
        let reportsList = ReportsViewModel(store: store)
        reportsList.setStatusFilter(settings.reportsFilter)
        reportsList.setSort(settings.reportsSort)
        let reports = ReportsCoordinator(
            list: reportsList,
            details: PetDetailsViewModel(
                repository: environment.offlineCache.map { OfflineDetailsRepository(environment.repository, cache: $0) }
                    ?? environment.repository,
                location: store.location,
                matches: PossibleMatchesViewModel(store: store),
                sightings: environment.sightings.map { SightingsViewModel(repository: $0, location: store.location) }))
        store.onReportChanged { [weak details = reports.details] in details?.reportChanged($0) }
        let app = AppCoordinator(reports: reports)
        // OpenStreetMap's tile policy asks applications to name themselves.
        SimpleMap.setUserAgent("PetSpot/\(PetSpotVersion.current) (io.github.petspot.PetSpot)")
        // Home is what start-up shows; the other tabs are built when first needed.
        let map = DeferredPage {
            MapPage(
                viewModel: MapViewModel(store: store), app: app, photos: photos,
                sightings: environment.sightings.map { SightingMarksViewModel(repository: $0) })
        }
        app.mapHost = map
        let reportsPage = DeferredPage {
            ReportsPage(
                coordinator: reports,
                details: PetDetailsPage(
                    viewModel: reports.details, coordinator: reports, photos: photos,
                    pageLinks: environment.reportPages),
                photos: photos)
        }
        reports.host = reportsPage

        coordinator = app
        isDemoData = environment.isDemoData
        reportWindows = environment.reporting.map {
            ReportWindows(
                services: $0, repository: environment.repository, store: store, app: app, photos: photos,
                applicationHold: applicationHold, outbox: outbox)
        }
        pages = [
            HomePage(viewModel: HomeViewModel(store: store), app: app, photos: photos),
            reportsPage,
            map,
        ]
    }
}
