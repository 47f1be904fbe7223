// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Observation
import PetSpotDomain

/// The details page's Share section: the report's page (asked of
/// `ReportPageLinks` once per report shown; Copy Link appears only with it)
/// and the `mailto:` that Email… opens.
@MainActor
@Observable
public final class ReportShareViewModel {
    public private(set) var details: PetDetails?
    /// The report's public page; nil until the backend says it serves one.
    public private(set) var pageURL: URL?

    @ObservationIgnored private let links: any ReportPageLinks
    @ObservationIgnored private var lookup: Task<Void, Never>?

    public init(links: any ReportPageLinks) {
        self.links = links
    }

    /// The report on the page, or nil when the page shows none. A new report
    /// forgets the previous one's link and asks for its own.
    public func show(_ details: PetDetails?) {
        guard details != self.details else { return }
        let isNewReport = details?.id != self.details?.id
        self.details = details
        guard isNewReport else { return }
        lookup?.cancel()
        pageURL = nil
        guard let id = details?.id else { return }
        lookup = Task { [links] in
            let url = await links.pageURL(forReport: id)
            guard !Task.isCancelled, self.details?.id == id else { return }
            self.pageURL = url
        }
    }

    public var canCopyLink: Bool { pageURL != nil }

    /// What Email… opens; nil without a report.
    public var emailURI: String? {
        details.map { ReportSummary.mailtoURI(for: $0, pageURL: pageURL) }
    }

    public func waitForLookup() async {
        await lookup?.value
    }
}
