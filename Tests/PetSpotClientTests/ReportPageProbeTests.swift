// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotLocking
import Testing

@testable import PetSpotClient

/// The report page probe against a backend whose answers change between asks.
@Suite("ReportPageProbe remembers only definitive answers")
struct ReportPageProbeTests {
    static func page(status: Int, contentType: String) -> LoopbackHTTPServer.Reply {
        .raw(
            "HTTP/1.1 \(status) Test\r\nContent-Type: \(contentType)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }

    static let html = page(status: 200, contentType: "text/html; charset=utf-8")

    /// A server that gives `first` replies in turn, then `html` for good.
    static func server(first: [LoopbackHTTPServer.Reply]) throws -> LoopbackHTTPServer {
        let waiting = Locked(first)
        return try LoopbackHTTPServer { _ in
            waiting.withLock { $0.isEmpty ? html : $0.removeFirst() }
        }
    }

    @Test(
        "a busy, failing or limiting answer is asked again, and the page found next time",
        arguments: [
            (503, "application/json"), (502, "text/html"), (500, "application/json"), (429, "application/json"),
            (200, "application/json"), (405, "text/html"),
        ])
    func transient(status: Int, contentType: String) async throws {
        let server = try Self.server(first: [Self.page(status: status, contentType: contentType)])
        defer { server.stop() }
        let probe = ReportPageProbe(baseURL: server.baseURL, deadline: .seconds(60))
        #expect(await probe.pageURL(forReport: "luna-1") == nil)
        let page = await probe.pageURL(forReport: "luna-1")
        #expect(page?.absoluteString == server.baseURL.absoluteString + "/reports/luna-1")
        #expect(server.requestTargets == ["/reports/luna-1", "/reports/luna-1"])
    }

    @Test("a page found, or an HTML 404, is remembered: the backend is asked once")
    func definitive() async throws {
        let server = try Self.server(first: [Self.html, Self.page(status: 404, contentType: "text/html")])
        defer { server.stop() }
        let probe = ReportPageProbe(baseURL: server.baseURL, deadline: .seconds(60))
        let found = await probe.pageURL(forReport: "luna-1")
        #expect(found != nil)
        #expect(await probe.pageURL(forReport: "luna-1") == found)
        #expect(await probe.pageURL(forReport: "gone") == nil)
        #expect(await probe.pageURL(forReport: "gone") == nil)
        #expect(server.requestTargets == ["/reports/luna-1", "/reports/gone"])
    }

    @Test("a 404 or 405 that is not HTML means no pages on this backend at all")
    func noPages() async throws {
        for status in [404, 405] {
            let server = try Self.server(first: [Self.page(status: status, contentType: "application/json")])
            defer { server.stop() }
            let probe = ReportPageProbe(baseURL: server.baseURL, deadline: .seconds(60))
            #expect(await probe.pageURL(forReport: "luna-1") == nil, "\(status)")
            #expect(await probe.pageURL(forReport: "luna-2") == nil, "\(status)")
            #expect(server.requestTargets == ["/reports/luna-1"], "\(status)")
        }
    }
}
