import Foundation
import Hummingbird
import PetSpotDomain

/// Assembles the whole HTTP surface of the server.
enum APIRouter {
    static func make(
        store: AnnouncementDatabase, imagesDirectory: URL, hasher: PasswordHasher,
        maximumPhotoBytes: Int = ReportPhoto.maximumBytes, photoCheck: PhotoCheck = PhotoCheck()
    ) -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        // Order matters: the log line must see the status the envelope middleware chose.
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: ErrorEnvelopeMiddleware())
        var routes = RouteTable(router: router)
        AnnouncementRoutes(store: store).register(on: &routes)
        CreateReportRoute(store: store, hasher: hasher).register(on: &routes)
        PhotoUploadRoute(
            store: store, hasher: hasher, attempts: PasswordAttempts(), imagesDirectory: imagesDirectory,
            maximumPhotoBytes: maximumPhotoBytes, photoCheck: photoCheck
        ).register(on: &routes)
        ImageRoutes(directory: imagesDirectory).register(on: &routes)
        HealthRoute(store: store).register(on: &routes)
        // Last, so it wraps only the router's "not found" answer, not the routes.
        router.add(middleware: MethodNotAllowedMiddleware(routes: routes.routes))
        return router
    }
}
