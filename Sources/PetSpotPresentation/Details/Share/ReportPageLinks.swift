// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

/// Where a report's public web page is, when the backend serves one
/// (`GET {base}/reports/{id}`, docs/BEHAVIOUR.md §4.9): the link that Copy
/// Link copies, Email… includes and a poster can print. Backends are free not
/// to serve pages, so nil is an ordinary answer, never an error to show.
public protocol ReportPageLinks: Sendable {
    /// The page of report `id`, or nil when the backend serves none (or could
    /// not say so in time). Never throws and never waits long.
    func pageURL(forReport id: String) async -> URL?
}

/// A backend that serves no pages (tests, and environments without a backend URL).
public struct NoReportPages: ReportPageLinks {
    public init() {}

    public func pageURL(forReport id: String) async -> URL? { nil }
}
