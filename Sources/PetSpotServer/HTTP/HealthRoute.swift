import Hummingbird
import PetSpotDomain

/// `GET /api/health`: liveness plus a cheap sign that the database answers.
struct HealthRoute: Sendable {
    let store: AnnouncementDatabase

    private struct Health: Encodable {
        var status = "ok"
        var service = "petspot-server"
        var announcements: Int
    }

    func register(on routes: inout RouteTable) {
        routes.get("/api/health") { _, _ in
            try JSONResponse.make(Health(announcements: try await store.count()))
        }
    }
}
