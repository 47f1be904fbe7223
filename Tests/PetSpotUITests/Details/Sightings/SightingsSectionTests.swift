// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import PetSpotDomain
import PetSpotPresentation
import PetSpotTestSupport
import XCTest

@testable import PetSpotUI

/// The details page's Sightings group and the I Saw This Pet window, rendered.
final class SightingsSectionTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    @MainActor
    private static func page(_ sightings: FakeSightingsRepository, answering details: FakeAnnouncementRepository)
        -> (PetDetailsViewModel, PetDetailsPage)
    {
        let fixture = PageFixture()
        let viewModel = PetDetailsViewModel(
            repository: details, location: UserLocation(),
            sightings: SightingsViewModel(repository: sightings, locale: Locale(identifier: "en_GB")))
        return (viewModel, PetDetailsPage(viewModel: viewModel, coordinator: fixture.reports, photos: fixture.photos))
    }

    func testTheGroupListsSightingsNewestFirstWithIsawThisPet() {
        MainActor.assumeIsolated {
            let details = FakeAnnouncementRepository()
            details.answerDetail("a1", .success(Fixtures.announcement("a1", name: "Luna")))
            let sightings = FakeSightingsRepository()
            sightings.answerList(
                "a1",
                .success(
                    .sightings([
                        FakeSightingsRepository.sighting("s1", of: "a1", minutesAgo: 90, note: "Under a car"),
                        FakeSightingsRepository.sighting("s2", of: "a1", minutesAgo: 5, note: "On a wall"),
                    ])))
            let (viewModel, page) = Self.page(sightings, answering: details)
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 2000)
            defer { window.destroy() }
            let root = page.rootWidget

            viewModel.load(id: "a1")
            XCTAssertTrue(
                waitUntil { root.shownLabelTexts.contains { $0.contains("Under a car") } },
                "shown: \(root.shownLabelTexts)")
            let texts = root.shownLabelTexts
            XCTAssertNotNil(root.shownButton(labelled: "I Saw This Pet"))
            XCTAssertFalse(texts.contains("No sightings yet"))
            let wall = texts.firstIndex { $0.contains("On a wall") }
            let car = texts.firstIndex { $0.contains("Under a car") }
            XCTAssertNotNil(wall, "shown: \(texts)")
            XCTAssertNotNil(car, "shown: \(texts)")
            if let wall, let car { XCTAssertLessThan(wall, car, "newest first") }
        }
    }

    func testABackendWithoutSightingsShowsNeitherTheGroupNorTheButton() {
        MainActor.assumeIsolated {
            let details = FakeAnnouncementRepository()
            details.answerDetail("a1", .success(Fixtures.announcement("a1", name: "Luna")))
            let sightings = FakeSightingsRepository()
            sightings.answerList("a1", .success(.unsupported))
            let (viewModel, page) = Self.page(sightings, answering: details)
            let window = PlainWindow.showing(page.rootWidget, width: 480, height: 2000)
            defer { window.destroy() }
            let root = page.rootWidget

            viewModel.load(id: "a1")
            // Once the details show, the sightings were asked for: then they settle on hidden.
            XCTAssertTrue(waitUntil { root.shownLabelTexts.contains("Luna") })
            XCTAssertTrue(
                waitUntil { viewModel.sightings?.state == .hidden && !root.shownLabelTexts.contains("Sightings") },
                "shown: \(root.shownLabelTexts)")
            XCTAssertFalse(root.shownLabelTexts.contains("Sightings"), "shown: \(root.shownLabelTexts)")
            XCTAssertNil(root.shownButton(labelled: "I Saw This Pet"))
        }
    }

    func testTheFormShowsItsGroupsAndSendIsOffWithoutAPlace() {
        MainActor.assumeIsolated {
            let form = SightingFormViewModel(
                report: Fixtures.announcement("a1", name: "Luna"), repository: FakeSightingsRepository(),
                userLocation: UserLocation(), onSent: { _ in })
            let window = SightingFormWindow(viewModel: form, transientFor: nil, onClosed: {})
            window.present()
            defer { window.window.destroy() }
            let root = window.window
            XCTAssertTrue(waitUntil { root.shownLabelTexts.contains("When") }, "shown: \(root.shownLabelTexts)")
            let texts = root.shownLabelTexts
            XCTAssertTrue(texts.contains("Where"), "shown: \(texts)")
            XCTAssertTrue(texts.contains("Tell the owner when and where you saw Luna."), "shown: \(texts)")
            let send = root.shownButton(labelled: "Send")
            XCTAssertNotNil(send)
            XCTAssertEqual(send?.isSensitive, false, "no place yet")
        }
    }
}
