// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

/// `answersAsOriginalBackend` (`petspot-server --original-contract`): the
/// server answers as a backend of the original contract, which knows no
/// pages, matches or sightings, so clients can be tried against both kinds.
@Suite("The server answering as an original backend")
struct OriginalBackendModeTests {
    static let reports = (0..<7).map { PagedListTests.report("r\($0)", minutes: $0) }

    @Test("limit and the page parameters are ignored: the plain list, byte for byte")
    func pagesAreIgnored() async throws {
        try await ServerFixture.with(
            Self.reports,
            configure: { configuration, _ in
                configuration.answersAsOriginalBackend = true
            }
        ) { fixture in
            let plain = try await fixture.get("/api/v1/announcements")
            try #require(plain.status == 200)
            for query in ["limit=5&sort=newest", "limit=2&status=FOUND&q=Luna", "limit=0", "limit=5&after=nonsense"] {
                let answer = try await fixture.get("/api/v1/announcements?\(query)")
                #expect(answer.status == 200, "\(query)")
                #expect(answer.body == plain.body, "\(query): the plain list")
            }
            let list = try JSONDecoder().decode(WireAnnouncementList.self, from: plain.body)
            #expect(list.data.count == 7)
        }
    }

    @Test("there are no possible matches or sightings; details are as ever")
    func noMatchesOrSightings() async throws {
        try await ServerFixture.with(
            Self.reports,
            configure: { configuration, _ in
                configuration.answersAsOriginalBackend = true
            }
        ) { fixture in
            let matches = try await fixture.get("/api/v1/announcements/r1/matches")
            let sightings = try await fixture.get("/api/v1/announcements/r1/sightings")
            let details = try await fixture.get("/api/v1/announcements/r1")
            #expect(matches.status == 404)
            #expect(sightings.status == 404)
            #expect(details.status == 200)
        }
    }

    @Test("without it, the same server pages and has matches")
    func theExtensionsByDefault() async throws {
        try await ServerFixture.with(Self.reports) { fixture in
            let page = try await fixture.get("/api/v1/announcements?limit=5&sort=newest")
            #expect(page.status == 200)
            let decoded = try JSONDecoder().decode(PagedListTests.Page.self, from: page.body)
            let matches = try await fixture.get("/api/v1/announcements/r1/matches")
            #expect(decoded.data.count == 5)
            #expect(matches.status == 200)
        }
    }
}
