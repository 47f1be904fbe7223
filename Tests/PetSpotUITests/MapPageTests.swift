import GtkKit
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import XCTest
@testable import PetSpotUI

/// Show on Map: the page says which pet was asked for and where it was seen.
final class MapPageTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    func testFocusShowsThePetsNameAndWhereItWasSeen() {
        MainActor.assumeIsolated {
            var luna = Fixtures.announcement("a1", name: "Luna")
            luna.address = "12 Oak Street"
            let details = PetDetails(luna, userLocation: nil)
            let page = MapPage()
            let window = TestWindow(showing: page.rootWidget, width: 480, height: 600)
            defer { window.destroy() }
            let root = page.rootWidget
            XCTAssertFalse(root.shownLabelTexts.contains { $0.contains("Luna") })

            page.focus(on: details)
            let sentence = root.shownLabelTexts.first { $0.contains("Luna") }
            XCTAssertNotNil(sentence, "shown: \(root.shownLabelTexts)")
            XCTAssertTrue(sentence?.contains(details.location) == true, "\(sentence ?? "") names \(details.location)")
            XCTAssertTrue(details.location.contains("12 Oak Street"))
        }
    }
}
