// SPDX-License-Identifier: GPL-3.0-or-later

import AsyncHTTPClient
import Foundation
import Logging
import NIOHTTP1
import PetSpotDomain
import PetSpotLocking

/// Whether the backend serves a report's public page (`{base}/reports/{id}`,
/// docs/BEHAVIOUR.md §4.9): a `HEAD` answered `200` with `text/html` means it
/// does. One probe per backend: it remembers each definitive answer (`200`
/// with `text/html`: the page; `404`: none), and that the backend has no
/// pages at all once a `404` or `405` comes back that is not HTML (a PetSpot
/// server answers an unknown report with an HTML page, a backend without the
/// route with its JSON error). Anything else — a transport failure, a `5xx`,
/// a `429` — may pass, so it is not remembered and a later ask tries again.
/// Never throws; bounded in time.
public final class ReportPageProbe: Sendable {
    /// The connect timeout of the probe's `HEAD`.
    public static let connectTimeout: Duration = .seconds(3)
    /// The whole probe, answer included: Copy Link waits at most this long.
    public static let deadline: Duration = .seconds(5)
    /// Reports whose answer is kept; past that, the answers start over.
    public static let maximumRemembered = 256

    private struct Memory {
        var answers: [String: URL?] = [:]
        var servesNoPages = false
    }

    private let baseURL: @Sendable () async -> URL?
    private let deadline: Duration
    private let memory = Locked(Memory())
    private let logger: Logger

    public convenience init(
        baseURL: URL, deadline: Duration = ReportPageProbe.deadline, logger: Logger = .petSpotClient
    ) {
        self.init(deadline: deadline, logger: logger) { baseURL }
    }

    /// - Parameter baseURL: the backend's base URL once known (the built-in
    ///   demo server's, after it has started); nil when there is none.
    /// - Parameter deadline: how long one probe may take; a test of answers
    ///   rather than of time passes a longer one so a loaded machine cannot fail it.
    public init(
        deadline: Duration = ReportPageProbe.deadline, logger: Logger = .petSpotClient,
        baseURL: @escaping @Sendable () async -> URL?
    ) {
        self.baseURL = baseURL
        self.deadline = deadline
        self.logger = logger
    }

    /// The page of report `id`, or nil when the backend serves none, the report
    /// is unknown, or no answer came within `deadline`.
    public func pageURL(forReport id: String) async -> URL? {
        guard !id.isEmpty else { return nil }
        let known = memory.withLock { memory -> URL?? in
            memory.servesNoPages ? .some(nil) : memory.answers[id]
        }
        if let known { return known }
        guard let base = await baseURL(), let text = APIEndpoints(baseURL: base).reportPage(id: id),
            let url = URL(string: text)
        else { return nil }
        let request = BoundedRequest(
            url: text, method: .HEAD, accept: "text/html", headers: [], body: nil,
            connectTimeout: Self.connectTimeout, deadline: deadline)
        let response: BoundedResponse
        do {
            response = try await request.execute()
        } catch {
            logger.debug("No answer about the report page \(text): \(error)")
            return nil
        }
        let isHTML = response.head.headers["content-type"].first.map(Self.isHTML) ?? false
        let answer = response.status == 200 && isHTML ? url : nil
        let isDefinitive = answer != nil || response.status == 404
        memory.withLock { memory in
            if !isHTML, response.status == 404 || response.status == 405 {
                memory.servesNoPages = true
            }
            guard isDefinitive else { return }
            if memory.answers.count >= Self.maximumRemembered { memory.answers.removeAll() }
            memory.answers[id] = answer
        }
        if !isDefinitive {
            logger.debug("No page answer yet for \(text): \(response.status)")
        }
        return answer
    }

    static func isHTML(_ contentType: String) -> Bool {
        contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "text/html"
    }
}
