// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import PetSpotDomain
import PetSpotTestSupport
import XCTest

@testable import PetSpotPresentation
@testable import PetSpotUI

/// A report waiting to be sent, as My Reports lists it: its name, "Will be
/// sent when online", and Discard… that asks first.
final class PendingReportsListTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    func testAWaitingReportIsListedAndDiscardedAfterAsking() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            let backend = "http://127.0.0.1:3000"
            let (file, folder) = waitingReportFile(backend: backend)
            defer { try? FileManager.default.removeItem(at: folder) }
            let publisher = FakeReportPublisher()
            publisher.answerPublishes(.failure(.transport(.unreachable)))
            let outbox = Outbox(
                publisher: publisher, repository: fixture.repository, passwords: FakeReportPasswordKeeping(),
                backend: backend, store: fixture.store, file: file)
            outbox.start()
            XCTAssertTrue(waitUntil { publisher.publishedReports.count == 1 && outbox.sendingID == nil })

            let viewModel = MyReportsViewModel(
                repository: fixture.repository, publisher: publisher, passwords: FakeReportPasswordKeeping(),
                backend: backend, store: fixture.store)
            let window = MyReportsWindow(
                viewModel: viewModel, app: fixture.app, photos: fixture.photos, outbox: outbox, transientFor: nil,
                onNewReport: {}, onClosed: {})
            window.present()
            defer { window.window.destroy() }
            let root = window.window
            XCTAssertTrue(
                waitUntil { root.shownLabelTexts.contains("Will be sent when online") }, "\(root.shownLabelTexts)")
            XCTAssertTrue(root.shownLabelTexts.contains("Fig"))
            XCTAssertTrue(root.shownLabelTexts.contains("Lost · Cat"))
            XCTAssertEqual(root.shownButton(labelled: "Discard…")?.accessibleLabel, "Discard Fig")
            XCTAssertTrue(waitUntil { viewModel.state == .empty }, "none of the user's reports were sent")
            XCTAssertFalse(root.shownLabelTexts.contains("No Reports Yet"), "the waiting report is one")

            XCTAssertTrue(root.clickButton(labelled: "Discard…"))
            guard let dialog = window.pending?.discardDialog else { return XCTFail("no confirmation") }
            XCTAssertEqual(dialog.heading, "Discard Fig?")
            XCTAssertEqual(dialog.body, outbox.reports.first?.discardQuestion)
            XCTAssertTrue(
                dialog.body.hasPrefix("This report may already have reached the server"), "a request was made")
            XCTAssertEqual(dialog.title, dialog.heading)
            XCTAssertEqual(dialog.defaultResponse, "cancel", "Enter does not discard")
            XCTAssertEqual(outbox.reports.count, 1, "nothing is discarded before the answer")

            dialog.respond("discard")
            XCTAssertTrue(outbox.reports.isEmpty)
            XCTAssertTrue(file.load().isEmpty)
            XCTAssertTrue(waitUntil { root.shownButton(labelled: "Discard…") == nil })
            XCTAssertTrue(waitUntil { root.shownLabelTexts.contains("No Reports Yet") }, "\(root.shownLabelTexts)")
        }
    }
}
