// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import GtkKit
import PetSpotDomain
import PetSpotTestSupport
import XCTest

@testable import PetSpotPresentation
@testable import PetSpotUI

/// The reporting windows across main windows: the outbox is the process's,
/// not each window's.
final class ReportWindowsTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try prepareGtk() }
    }

    func testTwoMainWindowsShareOneOutboxAndPostAWaitingReportOnce() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            let backend = "http://127.0.0.1:3000"
            let (file, folder) = waitingReportFile(backend: backend)
            defer { try? FileManager.default.removeItem(at: folder) }
            let publisher = FakeReportPublisher()
            publisher.answerPublishes(.created(id: "sent-1", password: "246810", createdAt: Date()))
            publisher.holdPublishes(true)
            let services = ReportingServices(
                publisher: publisher, passwords: FakeReportPasswordKeeping(), backend: backend, draftFile: nil,
                pendingReportFile: file)
            let environment = AppEnvironment(
                repository: fixture.repository, photoFetcher: MissingPhotoFetcher(), userLocation: nil,
                isDemoData: false, reporting: services)
            let outbox = ReportWindows.makeOutbox(
                services: services, repository: fixture.repository, store: fixture.store)

            // The main window is built, closed, and built again while the report is on its way.
            let first = AppComposition(environment: environment, store: fixture.store, outbox: outbox)
            XCTAssertTrue(waitUntil { publisher.heldCount == 1 })
            let second = AppComposition(environment: environment, store: fixture.store, outbox: outbox)
            XCTAssertTrue(first.reportWindows?.outbox === second.reportWindows?.outbox)
            XCTAssertNotNil(second.reportWindows?.outbox)
            publisher.releaseHeld()
            XCTAssertTrue(waitUntil { outbox?.reports.isEmpty == true && outbox?.sendingID == nil })
            second.reportWindows?.outbox?.sendNow()
            XCTAssertTrue(waitUntil { outbox?.sendingID == nil })

            XCTAssertEqual(publisher.publishedReports.count, 1, "posted once")
            XCTAssertTrue(file.load().isEmpty)
        }
    }

    func testQuittingWaitsForTheReportTheOutboxIsSending() {
        MainActor.assumeIsolated {
            let fixture = PageFixture()
            let backend = "http://127.0.0.1:3000"
            let (file, folder) = waitingReportFile(backend: backend)
            defer { try? FileManager.default.removeItem(at: folder) }
            let publisher = FakeReportPublisher()
            publisher.answerPublishes(.created(id: "sent-1", password: "246810", createdAt: Date()))
            publisher.holdPublishes(true)
            let passwords = FakeReportPasswordKeeping()
            let services = ReportingServices(
                publisher: publisher, passwords: passwords, backend: backend, draftFile: nil,
                pendingReportFile: file)
            let outbox = ReportWindows.makeOutbox(
                services: services, repository: fixture.repository, store: fixture.store)
            let windows = ReportWindows(
                services: services, repository: fixture.repository, store: fixture.store, app: fixture.app,
                photos: fixture.photos, outbox: outbox)
            XCTAssertTrue(waitUntil { publisher.heldCount == 1 })

            var quit = false
            XCTAssertFalse(windows.prepareToQuit { quit = true }, "the report on its way holds the quit")
            publisher.releaseHeld()
            XCTAssertTrue(waitUntil { quit })
            XCTAssertEqual(passwords.keepCalls.map(\.reportID), ["sent-1"], "its password was kept first")
        }
    }
}
