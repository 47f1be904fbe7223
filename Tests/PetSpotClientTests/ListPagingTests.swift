// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

/// How the HTTP repository learns whether a backend pages, against loopback
/// servers that answer as no PetSpot server would.
@Suite("Learning whether a backend pages")
struct ListPagingTests {
    private static let patient = HTTPAnnouncementRepository.Configuration(
        connectTimeout: .seconds(10), deadline: .seconds(60))

    private static let plainList = Array(
        Fixtures.listBody([Fixtures.wireItem(id: "a"), Fixtures.wireItem(id: "b"), Fixtures.wireItem(id: "c")]))

    @Test("a backend that ignores limit: its whole list, then only plain list requests")
    func ignoresLimit() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Self.plainList))
        defer { server.stop() }
        let repository = HTTPAnnouncementRepository(baseURL: server.baseURL, configuration: Self.patient)
        for _ in 0..<2 {
            guard case .everything(let all) = try await repository.list(ReportListRequest(limit: 2)) else {
                Issue.record("not the whole list")
                return
            }
            #expect(all.map(\.id) == ["a", "b", "c"])
        }
        #expect(server.requestTargets == ["/api/v1/announcements?limit=2&sort=newest", "/api/v1/announcements"])
    }

    @Test("a backend that refuses unknown parameters (400): its whole list, asked for plainly")
    func refusesLimit() async throws {
        let server = try LoopbackHTTPServer(
            .raw(
                "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                    + "Connection: close\r\n\r\n{}"))
        defer { server.stop() }
        let repository = HTTPAnnouncementRepository(baseURL: server.baseURL, configuration: Self.patient)
        // The plain list is refused too here: what matters is that it was asked for, once, after the page.
        await #expect(throws: RepositoryError.self) { try await repository.list(.newestFive) }
        #expect(server.requestTargets == ["/api/v1/announcements?limit=5&sort=newest", "/api/v1/announcements"])
    }

    @Test("a list with a total but no next is not a page")
    func totalWithoutNext() async throws {
        let body = #"{"data":[{"id":"a"}],"total":1}"#
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Array(body.utf8)))
        defer { server.stop() }
        let repository = HTTPAnnouncementRepository(baseURL: server.baseURL, configuration: Self.patient)
        guard case .everything = try await repository.list(.newestFive) else {
            Issue.record("read as a page")
            return
        }
    }

    @Test("a failure decides nothing: the next request asks for a page again")
    func failureDecidesNothing() async throws {
        let server = try LoopbackHTTPServer(.respond(status: 503, body: Array("{}".utf8)))
        defer { server.stop() }
        let repository = HTTPAnnouncementRepository(baseURL: server.baseURL, configuration: Self.patient)
        for _ in 0..<2 {
            await #expect(throws: RepositoryError.self) { try await repository.list(.newestFive) }
        }
        #expect(server.requestTargets.allSatisfy { $0.contains("limit=5") }, "\(server.requestTargets)")
    }

    @Test("every parameter of a page request, in order, escaped")
    func pageParameters() async throws {
        let page = #"{"data":[],"next":null,"total":0}"#
        let server = try LoopbackHTTPServer(.respond(status: 200, body: Array(page.utf8)))
        defer { server.stop() }
        let repository = HTTPAnnouncementRepository(baseURL: server.baseURL, configuration: Self.patient)
        let centre = try #require(Coordinate(latitude: 52.5, longitude: 21))
        let request = ReportListRequest(
            limit: 20, after: "c+1/2", status: .lost, search: "Łatka & co",
            sort: .nearest(from: centre, rangeKilometres: 30))
        guard case .page(let answer) = try await repository.list(request) else {
            Issue.record("not a page")
            return
        }
        #expect(answer.total == 0 && answer.next == nil && answer.totalExact)
        #expect(
            server.requestTargets == [
                "/api/v1/announcements?limit=20&sort=nearest&lat=52.5&lng=21&range=30&status=MISSING"
                    + "&q=%C5%81atka%20%26%20co&after=c%2B1/2"
            ])
    }
}
