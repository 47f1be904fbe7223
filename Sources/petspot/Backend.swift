import Foundation
import Logging
import PetSpotCore
import PetSpotServer

/// Where announcements come from (PRODUCT.md §3): the backend named by the user,
/// or the bundled server started in-process over the user's demo database.
enum Backend {
    static func repository(apiURL: URL?, logger: Logger) -> (any AnnouncementRepository, isDemo: Bool) {
        if let apiURL {
            logger.info("Using the PetSpot backend at \(apiURL.absoluteString)")
            return (HTTPAnnouncementRepository(baseURL: apiURL), false)
        }
        let directories = XDGDirectories()
        let repository = DeferredAnnouncementRepository {
            try FileManager.default.createDirectory(at: directories.appData, withIntermediateDirectories: true)
            let configuration = ServerConfiguration(
                databasePath: directories.appData.appendingPathComponent("petspot.sqlite").path,
                seedDemoDataIfEmpty: true)
            let server = try await PetSpotHTTPServer.start(configuration, logger: Logger(label: "io.github.petspot.server"))
            logger.info("Built-in demo server listening on \(server.baseURL.absoluteString)")
            return server.baseURL
        }
        return (repository, true)
    }
}
