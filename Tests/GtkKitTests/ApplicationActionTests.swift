// SPDX-License-Identifier: GPL-3.0-or-later

import GtkKit
import XCTest

/// Application actions with a string parameter, as GNOME Shell's search
/// provider and notification buttons activate them.
final class ApplicationActionTests: XCTestCase {
    func testAStringActionReceivesItsParameter() {
        MainActor.assumeIsolated {
            let application = Application(id: "io.github.petspot.ActionTest")
            var received: [String] = []
            application.addAction("show-report", string: { received.append($0) })
            application.activateAction("show-report", string: "luna")
            application.activateAction("show-report", string: "zażółć \"gęślą\" '; DROP")
            XCTAssertEqual(received, ["luna", "zażółć \"gęślą\" '; DROP"])
        }
    }
}
