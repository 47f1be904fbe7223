// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import PetSpotDomain
import PetSpotLocking
import PetSpotTestSupport
import Testing

@testable import PetSpotPresentation

@Suite("Email…: the report in a few lines")
struct ReportSummaryTests {
    static let english = Locale(identifier: "en_GB")

    static func details(
        name: String? = "Luna", status: AnnouncementStatus = .lost, phone: String? = "+48 555-PETS",
        email: String? = "anna@example.org"
    ) -> PetDetails {
        var luna = Fixtures.announcement("luna-1", name: name, species: .cat, status: status)
        luna.phone = phone
        luna.email = email
        return PetDetails(luna, userLocation: nil, locale: english)
    }

    @Test("status, name, species, last seen, contact and the link, one a line")
    func body() throws {
        let details = Self.details()
        let link = try #require(URL(string: "http://pets.example.org/reports/luna-1"))
        #expect(ReportSummary.subject(of: details) == "Lost: Luna (Cat)")
        #expect(
            ReportSummary.body(of: details, pageURL: link) == """
                Lost: Luna (Cat)
                Last seen \(details.lastSeen) at \(details.location)
                Phone: +48 555-PETS
                Email: anna@example.org
                Photo and details: http://pets.example.org/reports/luna-1
                """)
    }

    @Test("without a link, phone or email those lines are left out; a closed report says the pet is home")
    func shorter() {
        let details = Self.details(status: .closed, phone: nil)
        let body = ReportSummary.body(of: details, pageURL: nil)
        #expect(body.split(separator: "\n").count == 4)
        #expect(body.contains("Closed — this pet is home"))
        #expect(!body.contains("Phone"))
        #expect(!body.contains("Photo and details"))
    }

    @Test("the mailto: has no recipient and every reserved character percent-encoded")
    func mailto() throws {
        let details = Self.details(name: "Rex & Co?=#<b>", email: "a&b@example.org")
        let uri = ReportSummary.mailtoURI(for: details, pageURL: URL(string: "http://h/reports/a%2Fb"))
        #expect(uri.hasPrefix("mailto:?subject=Lost%3A%20Rex%20%26%20Co%3F%3D%23%3Cb%3E%20%28Cat%29&body="))
        let query = String(uri.dropFirst("mailto:?".count))
        // Exactly two fields: nothing in the texts adds or ends one.
        let fields = query.split(separator: "&")
        #expect(fields.count == 2)
        #expect(!query.contains("\n") && !query.contains("#") && !query.contains(" "))
        #expect(query.contains("%0D%0A"))
        #expect(query.contains("http%3A%2F%2Fh%2Freports%2Fa%252Fb"))
        let body = try #require(fields[1].dropFirst("body=".count).removingPercentEncoding)
        #expect(
            body
                == ReportSummary.body(of: details, pageURL: URL(string: "http://h/reports/a%2Fb"))
                .replacingOccurrences(of: "\n", with: "\r\n"))
    }
}

/// Answers from a table, counting the questions.
final class FakeReportPageLinks: ReportPageLinks {
    let pages: [String: URL]
    let asked = Locked<[String]>([])

    init(_ pages: [String: URL]) { self.pages = pages }

    func pageURL(forReport id: String) async -> URL? {
        asked.withLock { $0.append(id) }
        return pages[id]
    }
}

@MainActor
@Suite("The details page's Share section")
struct ReportShareViewModelTests {
    @Test("Copy Link only once the backend has given the report's page")
    func link() async throws {
        let page = try #require(URL(string: "http://pets.example.org/reports/luna-1"))
        let links = FakeReportPageLinks(["luna-1": page])
        let viewModel = ReportShareViewModel(links: links)
        #expect(!viewModel.canCopyLink && viewModel.emailURI == nil)
        viewModel.show(ReportSummaryTests.details())
        await viewModel.waitForLookup()
        #expect(viewModel.pageURL == page)
        #expect(viewModel.canCopyLink)
        #expect(viewModel.emailURI?.contains("http%3A%2F%2Fpets.example.org%2Freports%2Fluna-1") == true)
        // The same report again is not asked about again.
        viewModel.show(ReportSummaryTests.details())
        await viewModel.waitForLookup()
        #expect(links.asked.withLock { $0 } == ["luna-1"])
    }

    @Test("another report forgets the link; a backend without pages gives none")
    func noPages() async {
        let viewModel = ReportShareViewModel(links: NoReportPages())
        viewModel.show(ReportSummaryTests.details())
        await viewModel.waitForLookup()
        #expect(viewModel.pageURL == nil && !viewModel.canCopyLink)
        #expect(viewModel.emailURI?.hasPrefix("mailto:?subject=") == true)
        viewModel.show(nil)
        #expect(viewModel.emailURI == nil)
    }
}
