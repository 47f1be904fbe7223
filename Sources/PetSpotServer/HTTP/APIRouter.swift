// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Hummingbird
import PetSpotDomain

/// Assembles the whole HTTP surface of the server: one route group per
/// resource, each filled by the routes of that resource (`addRoutes(to:)`),
/// all through one `RouteTable` so that the 405 answers know every path.
enum APIRouter {
    /// The announcements: listed and read (`AnnouncementRoutes`), created as
    /// reports (`CreateReportRoute`), changed or closed (`UpdateReportRoute`)
    /// given photos (`PhotoUploadRoute`) and sightings (`SightingRoutes`).
    static let announcementsPath: RouterPath = "/api/v1/announcements"
    /// The photos served (`ImageRoutes`).
    static let imagesPath: RouterPath = "/images"
    /// Liveness (`HealthRoute`).
    static let healthPath: RouterPath = "/api/health"
    /// The reports as pages to share (`ReportPageRoute`).
    static let reportPagesPath: RouterPath = "/reports"

    static func make(
        database: any ReportDatabase, hasher: PasswordHasher, answersAsOriginalBackend: Bool = false,
        maximumPhotoBytes: Int = ReportPhoto.maximumBytes, photoCheck: PhotoCheck = PhotoCheck()
    ) -> Router<BasicRequestContext> {
        assemble(
            database: database, hasher: hasher, answersAsOriginalBackend: answersAsOriginalBackend,
            maximumPhotoBytes: maximumPhotoBytes, photoCheck: photoCheck
        ).router
    }

    /// The router, and every route it has with its methods: what the 405
    /// answers list, and what docs/openapi.yaml must document.
    static func assemble(
        database: any ReportDatabase, hasher: PasswordHasher, answersAsOriginalBackend: Bool = false,
        maximumPhotoBytes: Int = ReportPhoto.maximumBytes, photoCheck: PhotoCheck = PhotoCheck()
    ) -> (router: Router<BasicRequestContext>, routes: [(path: RoutePathPattern, methods: [String])]) {
        let router = Router(options: .autoGenerateHeadEndpoints)
        // Order matters: the log line must see the status the envelope middleware chose.
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: ErrorEnvelopeMiddleware())
        let routes = RouteTable(router: router)
        let announcements = routes.group(announcementsPath)
        AnnouncementRoutes(database: database, servesPages: !answersAsOriginalBackend).addRoutes(to: announcements)
        CreateReportRoute(database: database, hasher: hasher).addRoutes(to: announcements)
        let passwordCheck = ReportPasswordCheck(database: database, hasher: hasher)
        UpdateReportRoute(database: database, passwordCheck: passwordCheck).addRoutes(to: announcements)
        PhotoUploadRoute(
            database: database, passwordCheck: passwordCheck, maximumPhotoBytes: maximumPhotoBytes,
            photoCheck: photoCheck
        ).addRoutes(to: announcements)
        if !answersAsOriginalBackend {
            SightingRoutes(database: database).addRoutes(to: announcements)
            MatchRoutes(database: database).addRoutes(to: announcements)
        }
        ImageRoutes(database: database).addRoutes(to: routes.group(imagesPath))
        HealthRoute(database: database).addRoutes(to: routes.group(healthPath))
        ReportPageRoute(database: database).addRoutes(to: routes.group(reportPagesPath))
        // Last, so it wraps only the router's "not found" answer, not the routes.
        router.add(middleware: MethodNotAllowedMiddleware(routes: routes.routes))
        return (router, routes.routes)
    }
}
