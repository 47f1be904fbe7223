// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain

/// A repository whose backend is still starting (the embedded demo server):
/// the window opens at once and its first load waits for the server. A failed
/// start is reported as "unreachable" and tried again on the next request
/// (Retry), rather than leaving the app stuck.
public final class DeferredAnnouncementRepository: AnnouncementRepository {
    private let starter: BackendStarter

    /// - Parameter startBackend: starts the backend and returns its base URL.
    public init(
        configuration: HTTPAnnouncementRepository.Configuration = .standard,
        logger: Logger = .petSpotClient,
        startBackend: @escaping @Sendable () async throws -> URL
    ) {
        starter = BackendStarter(configuration: configuration, logger: logger, start: startBackend)
    }

    public func announcements(in region: SearchRegion?) async throws(RepositoryError) -> [Announcement] {
        try await starter.repository().announcements(in: region)
    }

    public func announcement(id: String) async throws(RepositoryError) -> Announcement {
        try await starter.repository().announcement(id: id)
    }

    public func list(_ request: ReportListRequest) async throws(RepositoryError) -> ReportListAnswer {
        try await starter.repository().list(request)
    }
}

/// Starts the backend once; concurrent first requests share that start.
private actor BackendStarter {
    private let configuration: HTTPAnnouncementRepository.Configuration
    private let logger: Logger
    private let start: @Sendable () async throws -> URL
    private var started: HTTPAnnouncementRepository?
    private var starting: Task<URL, any Error>?

    init(
        configuration: HTTPAnnouncementRepository.Configuration, logger: Logger,
        start: @escaping @Sendable () async throws -> URL
    ) {
        self.configuration = configuration
        self.logger = logger
        self.start = start
    }

    func repository() async throws(RepositoryError) -> HTTPAnnouncementRepository {
        if let started { return started }
        let task = starting ?? Task { [start] in try await start() }
        starting = task
        do {
            let baseURL = try await task.value
            let repository = HTTPAnnouncementRepository(baseURL: baseURL, configuration: configuration, logger: logger)
            started = repository
            return repository
        } catch {
            starting = nil
            logger.error("The built-in PetSpot server did not start: \(error)")
            throw .unreachable
        }
    }
}
