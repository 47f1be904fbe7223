// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotClient
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

/// The app asks the real server for pages: it learns from the first answer
/// whether the backend pages, and a backend of the original contract
/// (`--original-contract`) is read as it always was, through its whole list.
@Suite("Pages of reports, from a server that pages and one that does not")
struct ListPagingAgainstServerTests {
    /// `r0` the oldest … `r11` the newest.
    static let reports = (0..<12).map { index in
        PagedListTests.report(
            "r\(index)", minutes: index, status: index % 3 == 0 ? "FOUND" : "MISSING",
            petName: index == 4 ? "Łatka" : "Luna")
    }

    private static func ids(_ answer: ReportListAnswer) -> [String]? {
        guard case .page(let page) = answer else { return nil }
        return page.announcements.map(\.id)
    }

    @Test("a server that pages answers pages: the newest five, the next five from the cursor, and its total")
    func pages() async throws {
        try await ServerFixture.with(Self.reports) { fixture in
            let repository = HTTPAnnouncementRepository(baseURL: fixture.server.baseURL)
            let first = try await repository.list(.newestFive)
            guard case .page(let page) = first else {
                Issue.record("not a page: \(first)")
                return
            }
            #expect(page.announcements.map(\.id) == ["r11", "r10", "r9", "r8", "r7"])
            #expect(page.total == 12 && page.totalExact)
            let next = try await repository.list(ReportListRequest(limit: 5, after: try #require(page.next)))
            #expect(Self.ids(next) == ["r6", "r5", "r4", "r3", "r2"])
        }
    }

    @Test("filters, search and sort reach the server")
    func filtersReachTheServer() async throws {
        try await ServerFixture.with(Self.reports) { fixture in
            let repository = HTTPAnnouncementRepository(baseURL: fixture.server.baseURL)
            let found = try await repository.list(ReportListRequest(limit: 10, status: .found, sort: .oldest))
            #expect(Self.ids(found) == ["r0", "r3", "r6", "r9"])
            let search = try await repository.list(ReportListRequest(limit: 10, search: "latka"))
            #expect(Self.ids(search) == ["r4"])
        }
    }

    @Test("a backend of the original contract gives its whole list, and is asked for the plain list after that")
    func originalBackend() async throws {
        try await ServerFixture.with(
            Self.reports,
            configure: { configuration, _ in
                configuration.answersAsOriginalBackend = true
            }
        ) { fixture in
            let repository = HTTPAnnouncementRepository(baseURL: fixture.server.baseURL)
            for request in [ReportListRequest.newestFive, ReportListRequest(limit: 5, status: .found)] {
                let answer = try await repository.list(request)
                guard case .everything(let all) = answer else {
                    Issue.record("not the whole list: \(answer)")
                    return
                }
                #expect(Set(all.map(\.id)) == Set(Self.reports.map(\.id)))
            }
        }
    }
}
