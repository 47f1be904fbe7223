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
            let composition = AppComposition(environment: AppEnvironment(
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
}
