// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import XCTest

@testable import PetSpotUI

/// One report in full, and its error states: a deleted report cannot be retried.
final class PetDetailsPageTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    func testShowsTheReportsNameRewardAndSpecies() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            var luna = Fixtures.announcement("a1", name: "Luna", species: .cat)
            luna.reward = "500 PLN"
            fixture.repository.answerDetail("a1", .success(luna))
            let page = fixture.makeDetailsPage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget

            fixture.reports.details.load(id: "a1")
            XCTAssertTrue(waitUntil { root.shownLabelTexts.contains("Luna") }, "shown: \(root.shownLabelTexts)")
            let texts = root.shownLabelTexts
            XCTAssertTrue(texts.contains("Reward: 500 PLN"), "shown: \(texts)")
            XCTAssertTrue(texts.contains("Species"), "shown: \(texts)")
            XCTAssertTrue(texts.contains("Cat"), "shown: \(texts)")
            XCTAssertFalse(texts.contains("Unable to Load Pet Details"), "the hidden error state is not read")
        }
    }

    func testADeletedReportSaysSoWithoutRetry() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerDetail("gone", .failure(.notFound))
            let page = fixture.makeDetailsPage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget

            fixture.reports.details.load(id: "gone")
            XCTAssertTrue(
                waitUntil { root.shownLabelTexts.contains("Unable to Load Pet Details") },
                "shown: \(root.shownLabelTexts)")
            XCTAssertTrue(
                root.shownLabelTexts.contains("This report no longer exists."), "shown: \(root.shownLabelTexts)")
            XCTAssertNil(root.shownButton(labelled: "Retry"), "retrying cannot bring a deleted report back")
        }
    }

    func testOtherErrorsOfferRetryWhichLoadsTheReport() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            fixture.repository.answerDetail("a1", .failure(.timedOut))
            let page = fixture.makeDetailsPage()
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 900)
            defer { window.destroy() }
            let root = page.rootWidget

            fixture.reports.details.load(id: "a1")
            XCTAssertTrue(
                waitUntil { root.shownLabelTexts.contains("Unable to Load Pet Details") },
                "shown: \(root.shownLabelTexts)")
            XCTAssertTrue(
                root.shownLabelTexts.contains(RepositoryError.timedOut.userMessage), "shown: \(root.shownLabelTexts)")

            fixture.repository.answerDetail("a1", .success(Fixtures.announcement("a1", name: "Luna")))
            XCTAssertTrue(root.clickButton(labelled: "Retry"), "a Retry button is shown")
            XCTAssertTrue(waitUntil { root.shownLabelTexts.contains("Luna") }, "shown: \(root.shownLabelTexts)")
            // The states crossfade: the error leaves once the fade ends.
            XCTAssertTrue(waitUntil { !root.shownLabelTexts.contains("Unable to Load Pet Details") })
        }
    }
}
