import Foundation
import Hummingbird
import PetSpotDomain

/// Assembles the whole HTTP surface of the server.
enum APIRouter {
    static func make(store: AnnouncementDatabase, imagesDirectory: URL) -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        // Order matters: the log line must see the status the envelope middleware chose.
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: ErrorEnvelopeMiddleware())
        AnnouncementRoutes(store: store).register(on: router)
        ImageRoutes(directory: imagesDirectory).register(on: router)
        HealthRoute(store: store).register(on: router)
        return router
    }
}
