// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Logging
import PetSpotDomain

/// A publisher whose backend is still starting (the embedded demo server),
/// like `DeferredAnnouncementRepository`: each call waits for the start and
/// then publishes over HTTP; a failed start is "unreachable" and is tried
/// again by the next call.
public struct DeferredReportPublisher: ReportPublisher {
    private let configuration: HTTPReportPublisher.Configuration
    private let logger: Logger
    private let startBackend: @Sendable () async throws -> URL

    /// - Parameter startBackend: starts the backend (or returns the running
    ///   one's) base URL; `ServerLauncher.server()` shares one start.
    public init(
        configuration: HTTPReportPublisher.Configuration = .standard, logger: Logger = .petSpotClient,
        startBackend: @escaping @Sendable () async throws -> URL
    ) {
        self.configuration = configuration
        self.logger = logger
        self.startBackend = startBackend
    }

    public func publish(_ report: NewReport) async throws(PublishError) -> PublishedReport {
        try await publisher().publish(report)
    }

    public func addPhoto(_ photo: ReportPhoto, toReport id: String, password: String) async throws(PublishError) {
        try await publisher().addPhoto(photo, toReport: id, password: password)
    }

    public func update(
        reportID id: String, changes: ReportChanges, password: String
    ) async throws(ReportUpdateError) -> Announcement {
        let publisher: HTTPReportPublisher
        do throws(PublishError) {
            publisher = try await self.publisher()
        } catch {
            throw .transport(.unreachable)
        }
        return try await publisher.update(reportID: id, changes: changes, password: password)
    }

    private func publisher() async throws(PublishError) -> HTTPReportPublisher {
        do {
            return HTTPReportPublisher(baseURL: try await startBackend(), configuration: configuration, logger: logger)
        } catch {
            logger.error("The built-in PetSpot server did not start: \(error)")
            throw .transport(.unreachable)
        }
    }
}
