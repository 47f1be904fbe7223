// SPDX-License-Identifier: GPL-3.0-or-later

import PetSpotPresentation
import PetSpotTestSupport
import XCTest

@testable import PetSpotUI

/// The window shows whatever pages the composition lists: their order, titles
/// and icons are the view switcher's.
final class AppCompositionTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    func testPagesAreHomeReportsAndMapInThatOrder() {
        MainActor.assumeIsolated {
            let composition = AppComposition(
                environment: AppEnvironment(
                    repository: FakeAnnouncementRepository(), photoFetcher: MissingPhotoFetcher(),
                    userLocation: nil, isDemoData: false))
            let pages = composition.pages

            XCTAssertEqual(pages.map(\.tab), [.home, .reports, .map])
            XCTAssertEqual(pages.map(\.title), ["Home", "Reports", "Map"])
            XCTAssertEqual(pages.map(\.iconName), ["go-home-symbolic", "view-list-symbolic", "mark-location-symbolic"])
            XCTAssertEqual(Set(pages.map(\.tab)).count, pages.count, "tab ids name one page each")
            XCTAssertTrue(composition.coordinator.mapHost === pages.last, "Show on Map reaches the map page")
        }
    }

    func testReportsAndMapAreBuiltOnlyWhenFirstNeeded() throws {
        try MainActor.assumeIsolated {
            let repository = FakeAnnouncementRepository()
            let composition = AppComposition(
                environment: AppEnvironment(
                    repository: repository, photoFetcher: MissingPhotoFetcher(), userLocation: nil, isDemoData: false))
            let reports = try XCTUnwrap(composition.pages[1] as? DeferredPage<ReportsPage>)
            let map = try XCTUnwrap(composition.pages[2] as? DeferredPage<MapPage>)
            XCTAssertFalse(reports.isBuilt, "built at start-up")
            XCTAssertFalse(map.isBuilt, "built at start-up")
            reports.refresh()
            XCTAssertFalse(reports.isBuilt, "a page never shown has nothing to refresh")

            // A Home card opens details in Reports before that tab was ever shown.
            composition.coordinator.openDetails(id: "a")
            XCTAssertTrue(reports.isBuilt, "the coordinator's call was lost")
            XCTAssertTrue(composition.coordinator.reports.host === reports.page, "the built page is the host now")
            XCTAssertFalse(map.isBuilt)

            map.appeared()
            XCTAssertTrue(map.isBuilt)
            XCTAssertTrue(map.page === map.page, "built once")
        }
    }
}
