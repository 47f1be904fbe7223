// SPDX-License-Identifier: GPL-3.0-or-later

import Dispatch
import Foundation
import Logging
import PetSpotClient
import PetSpotDomain
import PetSpotPresentation
import PetSpotServer

/// Where announcements come from (docs/BEHAVIOUR.md §3): the backend named by the user,
/// or the bundled server started in-process over the user's demo database.
final class Backend: Sendable {
    let repository: any AnnouncementRepository
    /// Where new reports and their photos go: the same backend.
    let publisher: any ReportPublisher
    let isDemo: Bool
    /// Names this backend in the keyring: the API URL, or the demo database's
    /// file URL (the demo server's port changes with every run; its data does not).
    let identity: String
    private let source: Source
    private let logger: Logger

    /// The backend named by the user, or the built-in server (started on the first load).
    private enum Source {
        case named(URL)
        case builtIn(ServerLauncher)
    }

    init(apiURL: URL?, configuration: HTTPAnnouncementRepository.Configuration = .standard, logger: Logger) {
        self.logger = logger
        if let apiURL {
            logger.info("Using the PetSpot backend at \(apiURL.absoluteString)")
            repository = HTTPAnnouncementRepository(baseURL: apiURL, configuration: configuration)
            publisher = HTTPReportPublisher(baseURL: apiURL)
            identity = apiURL.absoluteString
            isDemo = false
            source = .named(apiURL)
            return
        }
        isDemo = true
        let directories = XDGDirectories()
        let database = directories.appData.appendingPathComponent("petspot.sqlite")
        identity = database.absoluteString
        let launcher = ServerLauncher(
            configuration: ServerConfiguration(
                databasePath: database.path,
                seedDemoDataIfEmpty: true),
            logger: Logger(label: "io.github.petspot.server"))
        source = .builtIn(launcher)
        repository = DeferredAnnouncementRepository(configuration: configuration) {
            try FileManager.default.createDirectory(at: directories.appData, withIntermediateDirectories: true)
            let server = try await launcher.server()
            logger.info("Built-in demo server listening on \(server.baseURL.absoluteString)")
            return server.baseURL
        }
        // The launcher shares one start between the two.
        publisher = DeferredReportPublisher { try await launcher.server().baseURL }
    }

    /// The backend's base URL: the one named, or the built-in server's once
    /// it has started (this starts it).
    func baseURL() async throws -> URL {
        switch source {
        case .named(let url): url
        case .builtIn(let launcher): try await launcher.server().baseURL
        }
    }

    /// After the main loop has ended: stop the demo server, or its start if it is
    /// still seeding, so the database is left whole and closed. Bounded, so
    /// quitting never hangs.
    func shutdown() {
        guard case .builtIn(let demoServer) = source else { return }
        let stopped = DispatchSemaphore(value: 0)
        Task.detached {
            await demoServer.shutdown()
            stopped.signal()
        }
        if stopped.wait(timeout: .now() + 6) == .timedOut {
            logger.warning("The built-in demo server did not stop in time; exiting anyway")
        } else {
            logger.debug("Built-in demo server stopped")
        }
    }
}
