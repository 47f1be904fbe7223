// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GLibKit
import GtkKit
import PetSpotClient
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import XCTest

@testable import PetSpotUI

// XCTest on Linux runs tests on the main thread but cannot call @MainActor test
// methods, so each test asserts the isolation it already has
// (`MainActor.assumeIsolated`), as the GtkKit tests do.

/// Every page test needs a display (Xvfb under `make unit-test`) and the main
/// actor running inside GLib's loop, which the test then iterates.
@MainActor
func prepareGtk() throws {
    guard PlainWindow.openDisplay() else {
        throw XCTSkip("no display for GTK: run the unit tests through `make unit-test` (Xvfb)")
    }
    MainLoop.attachSwiftConcurrency()
}

/// Iterates GLib's main loop until `condition` holds; false after `timeout` seconds.
/// It returns as soon as the condition holds: the ceiling leaves room for a slow CI machine.
@MainActor
func waitUntil(timeout: Double = 30, _ condition: () -> Bool) -> Bool {
    MainLoop.iterate(until: condition, timeout: timeout)
}

/// No photo is ever there: cards and details show placeholders, with no network.
struct MissingPhotoFetcher: PhotoFetching {
    func photo(at url: URL) async -> PhotoFetchResult { .missing }
}

/// The object graph `AppComposition` builds, over a scripted repository.
@MainActor
struct PageFixture {
    let repository = FakeAnnouncementRepository()
    let store: AnnouncementStore
    /// Unknown until a test reports one.
    let location = UserLocation()
    let photos = PhotoLoader(fetcher: MissingPhotoFetcher())
    let reports: ReportsCoordinator
    let app: AppCoordinator

    init() {
        store = AnnouncementStore(repository: repository, location: location)
        reports = ReportsCoordinator(
            list: ReportsViewModel(store: store),
            details: PetDetailsViewModel(repository: repository, location: location))
        app = AppCoordinator(reports: reports)
    }

    func makeHomePage() -> HomePage {
        HomePage(viewModel: HomeViewModel(store: store), app: app, photos: photos)
    }

    func makeDetailsPage() -> PetDetailsPage {
        PetDetailsPage(viewModel: reports.details, coordinator: reports, photos: photos)
    }

    func makeReportsPage() -> ReportsPage {
        ReportsPage(coordinator: reports, details: makeDetailsPage(), photos: photos)
    }

    func makeMapPage() -> MapPage {
        MapPage(viewModel: MapViewModel(store: store), app: app, photos: photos)
    }
}

/// `count` announcements named "Pet 1"… ; a higher number is a newer report.
func numberedAnnouncements(_ count: Int) -> [Announcement] {
    (1...count).map { Fixtures.announcement("a\($0)", name: "Pet \($0)", minutes: Double($0)) }
}

extension Widget {
    /// The title of each shown card, in order (a card's first label is its title).
    var shownCardTitles: [String] {
        shownWidgets(withCSSClass: "announcement-card").map { $0.shownLabelTexts.first ?? "" }
    }
}
