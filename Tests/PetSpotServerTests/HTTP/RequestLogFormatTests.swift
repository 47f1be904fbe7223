// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import NIOCore
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("Request log line")
struct RequestLogFormatTests {
    @Test("durations print as milliseconds with one decimal")
    func milliseconds() {
        #expect(RequestLogFormat.milliseconds(.microseconds(3_250)) == "3.2")
        #expect(RequestLogFormat.milliseconds(.seconds(2)) == "2000.0")
        #expect(RequestLogFormat.milliseconds(.zero) == "0.0")
    }

    @Test("a line names method, target, status and duration")
    func line() {
        let text = RequestLogFormat.line(
            method: "GET", target: "/api/v1/announcements?lat=1&lng=2", status: 200, duration: .milliseconds(12)
        )
        #expect(text == "GET /api/v1/announcements?lat=1&lng=2 200 12.0 ms")
    }
}
