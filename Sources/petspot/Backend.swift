import Dispatch
import Foundation
import Logging
import PetSpotServer
import Synchronization
import PetSpotDomain
import PetSpotClient
import PetSpotPresentation

/// Where announcements come from (docs/BEHAVIOUR.md §3): the backend named by the user,
/// or the bundled server started in-process over the user's demo database.
final class Backend: Sendable {
    let repository: any AnnouncementRepository
    let isDemo: Bool
    private let demoServer = ServerSlot()
    private let logger: Logger

    init(apiURL: URL?, logger: Logger) {
        self.logger = logger
        if let apiURL {
            logger.info("Using the PetSpot backend at \(apiURL.absoluteString)")
            repository = HTTPAnnouncementRepository(baseURL: apiURL)
            isDemo = false
            return
        }
        isDemo = true
        let directories = XDGDirectories()
        let demoServer = self.demoServer  // `self` cannot be captured before init ends
        repository = DeferredAnnouncementRepository {
            try FileManager.default.createDirectory(at: directories.appData, withIntermediateDirectories: true)
            let configuration = ServerConfiguration(
                databasePath: directories.appData.appendingPathComponent("petspot.sqlite").path,
                seedDemoDataIfEmpty: true)
            let server = try await PetSpotHTTPServer.start(configuration, logger: Logger(label: "io.github.petspot.server"))
            demoServer.server.withLock { $0 = server }
            logger.info("Built-in demo server listening on \(server.baseURL.absoluteString)")
            return server.baseURL
        }
    }

    /// After the main loop has ended: stop the demo server so its database is
    /// closed cleanly. Bounded, so quitting never hangs.
    func shutdown() {
        guard let server = demoServer.server.withLock({ $0 }) else { return }
        let stopped = DispatchSemaphore(value: 0)
        Task.detached {
            await server.stop()
            stopped.signal()
        }
        if stopped.wait(timeout: .now() + 6) == .timedOut {
            logger.warning("The built-in demo server did not stop in time; exiting anyway")
        } else {
            logger.debug("Built-in demo server stopped")
        }
    }
}

/// The demo server, once started, shared with the closure that starts it.
private final class ServerSlot: Sendable {
    let server = Mutex<RunningServer?>(nil)
}
